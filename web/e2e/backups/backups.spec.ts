import { expect, test } from "@playwright/test";
import { toast } from "../auth/support";
import { expectNoSeriousViolations, signInAsStaff } from "../crm/support";
import { signInAsAdmin } from "../team/support";

const WIDTHS = [
  { name: "375 px", width: 375, height: 740 },
  { name: "1280 px", width: 1280, height: 800 },
] as const;

for (const viewport of WIDTHS) {
  test(`an administrator backs up now and sees the backup listed; the screen passes axe at ${viewport.name}`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signInAsAdmin(page, "/app/settings/backups");
    await expect(page.getByRole("heading", { level: 1, name: "Backups" })).toBeVisible();
    await expect(page.getByRole("status")).toHaveCount(0);
    await expectNoSeriousViolations(page, "backups before");

    const rowsBefore = await page.getByRole("table", { name: "Backups" }).getByRole("row").count();
    await page.getByRole("button", { name: "Back up now" }).first().click();
    await expect(toast(page, "Backup created")).toBeVisible({ timeout: 30_000 });
    const table = page.getByRole("table", { name: "Backups" });
    // A header row plus one more backup than before (the e2e server's backups are shared by every test).
    await expect(table.getByRole("row")).toHaveCount(Math.max(rowsBefore, 1) + 1);
    await expect(table.getByRole("row").nth(1).getByText("Complete")).toBeVisible();
    await expect(page.getByRole("button", { name: "Back up now" })).toBeEnabled();
    await expectNoSeriousViolations(page, "backups with a backup");
  });

  test(`staff see that backups are for administrators; the screen passes axe at ${viewport.name}`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signInAsStaff(page, request, "/app/settings/backups");
    await expect(page.getByRole("heading", { name: "Only administrators can manage backups" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Back up now" })).toHaveCount(0);
    await expectNoSeriousViolations(page, "backups for staff");
  });
}
