import { expect, test } from "@playwright/test";
import { toast } from "../auth/support";
import { signInAsStaff } from "../crm/support";
import { expectNoSeriousViolationsAtEachSize } from "../support/axe";
import { signInAsAdmin } from "../team/support";

test("an administrator backs up now and sees the backup listed; the screen passes axe at 375 and 1280 px", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAsAdmin(page, "/app/settings/backups");
  await expect(page.getByRole("heading", { level: 1, name: "Backups" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveCount(0);
  await expectNoSeriousViolationsAtEachSize(page, "backups before");

  const rowsBefore = await page.getByRole("table", { name: "Backups" }).getByRole("row").count();
  await page.getByRole("button", { name: "Back up now" }).first().click();
  await expect(toast(page, "Backup created")).toBeVisible({ timeout: 30_000 });
  const table = page.getByRole("table", { name: "Backups" });
  // A header row plus one more backup than before (the e2e server's backups are shared by every test).
  await expect(table.getByRole("row")).toHaveCount(Math.max(rowsBefore, 1) + 1);
  await expect(table.getByRole("row").nth(1).getByText("Complete")).toBeVisible();
  await expect(page.getByRole("button", { name: "Back up now" })).toBeEnabled();
  await expectNoSeriousViolationsAtEachSize(page, "backups with a backup");
});

test("staff see that backups are for administrators; the screen passes axe at 375 and 1280 px", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAsStaff(page, request, "/app/settings/backups");
  await expect(page.getByRole("heading", { name: "Only administrators can manage backups" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Back up now" })).toHaveCount(0);
  await expectNoSeriousViolationsAtEachSize(page, "backups for staff");
});
