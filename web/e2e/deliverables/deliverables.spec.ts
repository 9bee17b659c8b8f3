import { expect, test } from "@playwright/test";
import { signInAsStaff, uniqueTag } from "../crm/support";
import { staffHeaders } from "../legal/support";
import { approvalLinkFor, createDeliverable, createProject, sendForApproval, uploadVersion } from "./support";

test("a version uploaded and sent for approval is approved by the client through the mailed link", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const user = await signInAsStaff(page, request);
  const headers = await staffHeaders(request, user);
  const tag = uniqueTag();
  const project = await createProject(request, headers, `Album ${tag}`);
  const title = `Master ${tag}`;

  const sheet = await createDeliverable(page, project, title, async (dialog) => {
    await dialog.getByLabel("Loudness target (LUFS)").fill("-14");
    await dialog.getByLabel("Due date").fill("2026-12-20");
  });
  await uploadVersion(page, sheet, "First master, -14 LUFS");
  const history = sheet.getByRole("list", { name: "Version history" });
  await expect(history.getByRole("listitem")).toHaveCount(1);
  await expect(history).toContainText("Version 1");
  await expect(history).toContainText("First master, -14 LUFS");

  const client = `client-${tag}@example.se`;
  await sendForApproval(page, sheet, client);
  await expect(history).toContainText("Waiting for the client");

  const link = await approvalLinkFor(request, client);
  const context = await browser.newContext();
  const approver = await context.newPage();
  await approver.goto(link);
  await expect(approver.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const audio = approver.locator("audio");
  await expect(audio).toHaveAttribute("src", /\/api\/approve\/file\?token=/);
  const played = await approver.request.get((await audio.getAttribute("src")) as string);
  expect(played.status()).toBe(200);
  expect(played.headers()["content-type"]).toBe("audio/wav");
  await expect(approver.getByText(/File fingerprint \(SHA-256\): [0-9a-f]{64}/)).toBeVisible();
  await approver.getByRole("button", { name: "Approve" }).click();
  await expect(approver.getByRole("heading", { level: 1, name: "Approved" })).toBeVisible();
  await expect(approver.getByRole("status")).toContainText("You approved version 1");
  // The link decided once: opened again, it says so.
  await approver.reload();
  await expect(approver.getByRole("heading", { level: 1, name: "Link not valid" })).toBeVisible();
  await context.close();

  await page.keyboard.press("Escape");
  await page.reload();
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Approved");
  await page.getByRole("button", { name: title }).click();
  await expect(
    page.getByRole("dialog", { name: title }).getByRole("list", { name: "Version history" }),
  ).toContainText("Approved by the client");
});
