import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations, signInAsStaff } from "./support";

const WIDTHS = [
  { name: "375 px", width: 375, height: 740 },
  { name: "1280 px", width: 1280, height: 800 },
] as const;

for (const viewport of WIDTHS) {
  test(`the CRM's tables, boards and dialogs pass axe at ${viewport.name}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signInAsStaff(page, request);
    await expectNoSeriousViolations(page, "dashboard");

    await page.goto("/app/crm");
    await expect(page.getByRole("heading", { name: "Nurture Queue" })).toBeVisible();
    await expectNoSeriousViolations(page, "A&R dashboard");

    await page.goto("/app/crm/talent");
    await expect(page.getByText(/^Showing 1–50 of \d+$/)).toBeVisible();
    await expectNoSeriousViolations(page, "talent list");
    await page.getByRole("button", { name: "Add Talent" }).first().click();
    const addDialog = page.getByRole("dialog", { name: "Add Talent" });
    await addDialog.getByRole("button", { name: "Add Talent" }).click();
    await expect(addDialog.getByText("Required").first()).toBeVisible();
    await expectNoSeriousViolations(page, "Add Talent dialog with errors");
    await page.keyboard.press("Escape");
    await expect(addDialog).toBeHidden();

    await page.getByRole("table").getByRole("link").first().click();
    await expect(page.getByRole("heading", { name: "Timeline" })).toBeVisible();
    await expectNoSeriousViolations(page, "talent page");

    await page.goto("/app/crm/companies");
    await page.getByRole("link", { name: "Hornstull Records" }).click();
    await expect(page.getByRole("heading", { name: "Timeline" })).toBeVisible();
    await expectNoSeriousViolations(page, "company page");

    await page.goto("/app/crm/deals");
    const firstMenu = page.getByRole("button", { name: /^Move to… / }).first();
    await expect(firstMenu).toBeVisible();
    await expectNoSeriousViolations(page, "deal board");
    await firstMenu.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menu")).toBeVisible();
    await expectNoSeriousViolations(page, "Move to… menu");
    await page.keyboard.press("Escape");
    await expect(firstMenu).toBeFocused();

    await page.goto("/app/crm/briefs");
    await page
      .getByRole("region", { name: /^Sourcing/ })
      .getByRole("listitem")
      .first()
      // The card's title opens it (its other buttons are the drag grip and the Move to… menu).
      .getByRole("button", { name: /^(?!Drag |Move to… )/ })
      .click();
    await expect(page.getByRole("dialog", { name: "Edit brief" })).toBeVisible();
    await expectNoSeriousViolations(page, "brief dialog");
    await page.keyboard.press("Escape");

    await page.goto("/app/activity");
    await expect(page.getByRole("list", { name: "Activity" })).toBeVisible();
    await expectNoSeriousViolations(page, "activity");
  });
}
