import { expect, type Page, test } from "@playwright/test";
import { signInAsStaff, uniqueTag } from "../crm/support";
import { staffHeaders } from "../legal/support";
import { atEachSize, expectNoSeriousViolations } from "../support/axe";
import { approvalLinkFor, createProject, expectNoHorizontalOverflow, wavFile } from "./support";

/** Axe at both widths, and at the phone's no sideways scrolling where `noOverflow` is set. */
async function check(page: Page, where: string, { noOverflow = true } = {}) {
  await atEachSize(page, async (width) => {
    await expectNoSeriousViolations(page, `${where} at ${width} px`);
    if (noOverflow && width === 375) await expectNoHorizontalOverflow(page, where);
  });
}

test("the deliverables screens and the approval page pass axe at 375 and 1280 px", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 740 });
  const user = await signInAsStaff(page, request);
  const headers = await staffHeaders(request, user);
  const tag = uniqueTag();
  const project = await createProject(request, headers, `Single ${tag}`);
  const created = await request.post("/rest/v1/deliverables", {
    headers: { ...headers, prefer: "return=representation" },
    data: { project_id: project.id, kind: "stems", title: `Stems ${tag}`, due_date: "2026-12-01" },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto("/app/deliverables");
  await expect(page.getByRole("button", { name: `Stems ${tag}` })).toBeVisible();
  await check(page, "deliverables list");

  await page.getByRole("button", { name: `Stems ${tag}` }).click();
  const sheet = page.getByRole("dialog", { name: `Stems ${tag}` });
  await sheet
    .getByLabel("New version", { exact: true })
    .setInputFiles({ name: "stems.wav", mimeType: "audio/wav", buffer: wavFile() });
  await sheet.getByRole("button", { name: "Upload version" }).click();
  await expect(sheet.getByRole("list", { name: "Version history" })).toContainText("Version 1");
  await check(page, "deliverable drawer");

  const client = `a11y-${tag}@example.se`;
  await sheet.getByLabel("Client's e-mail").fill(client);
  await sheet.getByRole("button", { name: "Send for approval" }).click();
  await expect(sheet.getByRole("list", { name: "Version history" })).toContainText("Waiting for the client");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "New deliverable" }).first().click();
  await expect(page.getByRole("dialog", { name: "New deliverable" })).toBeVisible();
  await check(page, "new deliverable dialog", { noOverflow: false });
  await page.keyboard.press("Escape");

  const link = await approvalLinkFor(request, client);
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const approver = await context.newPage();
  await approver.goto(link);
  await expect(approver.getByRole("heading", { level: 1, name: `Stems ${tag}` })).toBeVisible();
  await check(approver, "approval page");
  await approver.getByRole("button", { name: "Request changes" }).click();
  await approver.getByRole("button", { name: "Send request for changes" }).click();
  await expect(approver.getByRole("alert")).toHaveText("Say what should change");
  await check(approver, "approval page asking for a comment", { noOverflow: false });
  await approver.getByLabel("What should change?").fill("Louder drums, please");
  await approver.getByRole("button", { name: "Send request for changes" }).click();
  await expect(approver.getByRole("heading", { level: 1, name: "Changes requested" })).toBeVisible();
  await check(approver, "approval page after the decision");
  await context.close();

  await page.goto("/app");
  await expect(page.getByRole("heading", { name: "My Tasks" })).toBeVisible();
  await check(page, "dashboard");
});
