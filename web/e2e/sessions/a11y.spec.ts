import { expect, test } from "@playwright/test";
import { signInAsStaff } from "../crm/support";
import { atEachSize, expectNoSeriousViolations, expectNoSeriousViolationsAtEachSize } from "../support/axe";

test("the sessions screen, its booking dialog and Talent Matching pass axe at 375 and 1280 px", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAsStaff(page, request);

  // A phone opens on the day view; the week, named in the address, is checked at both widths.
  await page.goto("/app/crm/sessions?view=week");
  // The seeded calendar has sessions this week.
  await expect(page.getByRole("table").getByRole("button").first()).toBeVisible();
  // The week is a labelled region the keyboard reaches, then its sessions in reading order.
  const week = page.getByRole("region", { name: /^Week of .*, by room$/ });
  await atEachSize(page, async (width) => {
    await expectNoSeriousViolations(page, `sessions calendar at ${width} px`);
    await week.focus();
    await expect(week).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("table").getByRole("button").first()).toBeFocused();
  });

  await page.getByRole("tab", { name: "List" }).click();
  await expect(page.getByRole("table", { name: "Sessions" })).toBeVisible();
  await expectNoSeriousViolationsAtEachSize(page, "sessions list");

  await page.getByRole("button", { name: "New Session" }).click();
  const dialog = page.getByRole("dialog", { name: "Book Session" });
  await dialog.getByRole("button", { name: "Book Session" }).click();
  await expect(dialog.getByText("A session needs a title")).toBeVisible();
  await expectNoSeriousViolationsAtEachSize(page, "booking dialog with errors");
  await page.keyboard.press("Escape");

  await page.goto("/app/crm/matching");
  await page
    .getByRole("button", { name: /^Add .* to the team$/ })
    .first()
    .click();
  await expectNoSeriousViolationsAtEachSize(page, "Talent Matching");
});
