import { expect, test } from "@playwright/test";
import { atEachSize, expectNoSeriousViolations, expectNoSeriousViolationsAtEachSize } from "../support/axe";
import { signInAsStaff } from "./support";

test("the CRM's tables, boards and dialogs pass axe at 375 and 1280 px", async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAsStaff(page, request);
  await expectNoSeriousViolationsAtEachSize(page, "dashboard");

  await page.goto("/app/crm");
  await expect(page.getByRole("heading", { name: "Nurture Queue" })).toBeVisible();
  await expectNoSeriousViolationsAtEachSize(page, "A&R dashboard");

  await page.goto("/app/crm/talent");
  await expect(page.getByText(/^Showing 1–50 of \d+$/)).toBeVisible();
  await expectNoSeriousViolationsAtEachSize(page, "talent list");
  await page.getByRole("button", { name: "Add Talent" }).first().click();
  const addDialog = page.getByRole("dialog", { name: "Add Talent" });
  await addDialog.getByRole("button", { name: "Add Talent" }).click();
  await expect(addDialog.getByText("Required").first()).toBeVisible();
  await expectNoSeriousViolationsAtEachSize(page, "Add Talent dialog with errors");
  await page.keyboard.press("Escape");
  await expect(addDialog).toBeHidden();

  await page.getByRole("table").getByRole("link").first().click();
  await expect(page.getByRole("heading", { name: "Timeline" })).toBeVisible();
  await expectNoSeriousViolationsAtEachSize(page, "talent page");

  await page.goto("/app/crm/companies");
  await page.getByRole("link", { name: "Hornstull Records" }).click();
  await expect(page.getByRole("heading", { name: "Timeline" })).toBeVisible();
  await expectNoSeriousViolationsAtEachSize(page, "company page");

  await page.goto("/app/crm/deals");
  const firstMenu = page.getByRole("button", { name: /^Move to… / }).first();
  await expect(firstMenu).toBeVisible();
  await atEachSize(page, async (width) => {
    await expectNoSeriousViolations(page, `deal board at ${width} px`);
    await firstMenu.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menu")).toBeVisible();
    await expectNoSeriousViolations(page, `Move to… menu at ${width} px`);
    await page.keyboard.press("Escape");
    await expect(firstMenu).toBeFocused();
  });

  await page.goto("/app/crm/briefs");
  await page
    .getByRole("region", { name: /^Sourcing/ })
    .getByRole("listitem")
    .first()
    // The card's title opens it (its other buttons are the drag grip and the Move to… menu).
    .getByRole("button", { name: /^(?!Drag |Move to… )/ })
    .click();
  await expect(page.getByRole("dialog", { name: "Edit brief" })).toBeVisible();
  await expectNoSeriousViolationsAtEachSize(page, "brief dialog");
  await page.keyboard.press("Escape");

  await page.goto("/app/activity");
  await expect(page.getByRole("list", { name: "Activity" })).toBeVisible();
  await expectNoSeriousViolationsAtEachSize(page, "activity");
});
