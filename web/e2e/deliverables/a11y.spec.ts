import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations, signInAsStaff, uniqueTag } from "../crm/support";
import { staffHeaders } from "../legal/support";
import { approvalLinkFor, createProject, expectNoHorizontalOverflow, wavFile } from "./support";

const WIDTHS = [
  { name: "375 px", width: 375, height: 740 },
  { name: "1280 px", width: 1280, height: 800 },
] as const;

for (const viewport of WIDTHS) {
  test(`the deliverables screens and the approval page pass axe at ${viewport.name}`, async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
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
    await expectNoSeriousViolations(page, "deliverables list");
    if (viewport.width === 375) await expectNoHorizontalOverflow(page, "deliverables list");

    await page.getByRole("button", { name: `Stems ${tag}` }).click();
    const sheet = page.getByRole("dialog", { name: `Stems ${tag}` });
    await sheet
      .getByLabel("New version", { exact: true })
      .setInputFiles({ name: "stems.wav", mimeType: "audio/wav", buffer: wavFile() });
    await sheet.getByRole("button", { name: "Upload version" }).click();
    await expect(sheet.getByRole("list", { name: "Version history" })).toContainText("Version 1");
    await expectNoSeriousViolations(page, "deliverable drawer");
    if (viewport.width === 375) await expectNoHorizontalOverflow(page, "deliverable drawer");

    const client = `a11y-${tag}@example.se`;
    await sheet.getByLabel("Client's e-mail").fill(client);
    await sheet.getByRole("button", { name: "Send for approval" }).click();
    await expect(sheet.getByRole("list", { name: "Version history" })).toContainText(
      "Waiting for the client",
    );
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "New deliverable" }).first().click();
    await expect(page.getByRole("dialog", { name: "New deliverable" })).toBeVisible();
    await expectNoSeriousViolations(page, "new deliverable dialog");
    await page.keyboard.press("Escape");

    const link = await approvalLinkFor(request, client);
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
    });
    const approver = await context.newPage();
    await approver.goto(link);
    await expect(approver.getByRole("heading", { level: 1, name: `Stems ${tag}` })).toBeVisible();
    await expectNoSeriousViolations(approver, "approval page");
    if (viewport.width === 375) await expectNoHorizontalOverflow(approver, "approval page");
    await approver.getByRole("button", { name: "Request changes" }).click();
    await approver.getByRole("button", { name: "Send request for changes" }).click();
    await expect(approver.getByRole("alert")).toHaveText("Say what should change");
    await expectNoSeriousViolations(approver, "approval page asking for a comment");
    await approver.getByLabel("What should change?").fill("Louder drums, please");
    await approver.getByRole("button", { name: "Send request for changes" }).click();
    await expect(approver.getByRole("heading", { level: 1, name: "Changes requested" })).toBeVisible();
    await expectNoSeriousViolations(approver, "approval page after the decision");
    if (viewport.width === 375)
      await expectNoHorizontalOverflow(approver, "approval page after the decision");
    await context.close();

    await page.goto("/app");
    await expect(page.getByRole("heading", { name: "My Tasks" })).toBeVisible();
    await expectNoSeriousViolations(page, "dashboard");
    if (viewport.width === 375) await expectNoHorizontalOverflow(page, "dashboard");
  });
}
