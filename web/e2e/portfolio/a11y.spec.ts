import { expect, test } from "@playwright/test";
import { signInAsStaff, toast } from "../crm/support";
import { expectNoSeriousViolationsAtEachSize } from "../support/axe";
import { addWork, openFirstPortfolio, work } from "./support";

test("the portfolio builder and its dialogs pass axe at 375 and 1280 px", async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAsStaff(page, request);
  await openFirstPortfolio(page);
  const title = await addWork(page, "Axe Check");
  await expectNoSeriousViolationsAtEachSize(page, "portfolio builder");
  // The dialogs' scans come next: without the "Work added" toast, which would leave in the middle of one.
  await expect(toast(page, "Work added")).toHaveCount(0, { timeout: 15_000 });

  await page.getByRole("button", { name: "Add Work" }).first().click();
  const addDialog = page.getByRole("dialog", { name: "Add work" });
  await addDialog.getByRole("button", { name: "Add link" }).click();
  await addDialog.getByLabel(/^ISRC/).fill("not a code");
  await addDialog.getByRole("button", { name: "Add Work" }).click();
  await expect(addDialog.getByText("Required").first()).toBeVisible();
  await expectNoSeriousViolationsAtEachSize(page, "Add work dialog with errors");
  await page.keyboard.press("Escape");
  await expect(addDialog).toBeHidden();

  await work(page, "All Works", title)
    .getByRole("button", { name: `Edit ${title}` })
    .click();
  await expect(page.getByRole("dialog", { name: "Edit portfolio item" })).toBeVisible();
  await expectNoSeriousViolationsAtEachSize(page, "edit dialog");
  await page.keyboard.press("Escape");

  await work(page, "All Works", title)
    .getByRole("button", { name: `Delete ${title}` })
    .click();
  await expect(page.getByRole("alertdialog", { name: "Delete work?" })).toBeVisible();
  await expectNoSeriousViolationsAtEachSize(page, "delete dialog");
  await page.keyboard.press("Escape");

  await page.getByRole("tab", { name: "Profile" }).click();
  await expect(page.getByRole("tabpanel", { name: "Profile" })).toBeVisible();
  await expectNoSeriousViolationsAtEachSize(page, "profile tab");
});
