import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations, signInAsStaff } from "../crm/support";

const WIDTHS = [
  { name: "375 px", width: 375, height: 740 },
  { name: "1280 px", width: 1280, height: 800 },
] as const;

for (const viewport of WIDTHS) {
  test(`the sessions screen, its booking dialog and Talent Matching pass axe at ${viewport.name}`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signInAsStaff(page, request);

    // A phone opens on the day view; the week, named in the address, is checked at both widths.
    await page.goto("/app/crm/sessions?view=week");
    // The seeded calendar has sessions this week.
    await expect(page.getByRole("table").getByRole("button").first()).toBeVisible();
    await expectNoSeriousViolations(page, "sessions calendar");
    // The week is a labelled region the keyboard reaches, then its sessions in reading order.
    const week = page.getByRole("region", { name: /^Week of .*, by room$/ });
    await week.focus();
    await expect(week).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("table").getByRole("button").first()).toBeFocused();

    await page.getByRole("tab", { name: "List" }).click();
    await expect(page.getByRole("table", { name: "Sessions" })).toBeVisible();
    await expectNoSeriousViolations(page, "sessions list");

    await page.getByRole("button", { name: "New Session" }).click();
    const dialog = page.getByRole("dialog", { name: "Book Session" });
    await dialog.getByRole("button", { name: "Book Session" }).click();
    await expect(dialog.getByText("A session needs a title")).toBeVisible();
    await expectNoSeriousViolations(page, "booking dialog with errors");
    await page.keyboard.press("Escape");

    await page.goto("/app/crm/matching");
    await page
      .getByRole("button", { name: /^Add .* to the team$/ })
      .first()
      .click();
    await expectNoSeriousViolations(page, "Talent Matching");
  });
}
