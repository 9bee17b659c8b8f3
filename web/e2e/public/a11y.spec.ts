import { seriousViolations, WCAG, WCAG_AND_BEST_PRACTICES } from "../support/axe";
import { expect, navigateInApp, openPage, POLICY_ROUTES, PUBLIC_ROUTES, test } from "./fixtures";

const WIDTHS = [
  { name: "mobile", width: 375, height: 740 },
  { name: "desktop", width: 1280, height: 800 },
] as const;

for (const viewport of WIDTHS) {
  test.describe(`axe at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    // The routes in two tests of a few scans each, so each test's time stays short on a busy machine.
    const others = [...PUBLIC_ROUTES.slice(1), { path: "/no-such-page", h1: "Oops! Page not found" }];
    const middle = Math.ceil(others.length / 2);
    const parts = [
      { name: "the home page and the first public routes", routes: others.slice(0, middle) },
      { name: "the other public routes and the 404 page", routes: others.slice(middle) },
    ];
    for (const [index, part] of parts.entries()) {
      test(part.name, async ({ page }) => {
        await openPage(page, "/");
        // Scan the loaded events list, not the loading state.
        await expect(page.getByText(/^\d+ max attendees$/).first()).toBeVisible();
        if (index === 0) expect(await seriousViolations(page, WCAG), "/").toEqual([]);
        // The other pages through the router, as a visitor would reach them (a full load per page is slow).
        for (const route of part.routes) {
          await navigateInApp(page, route.path, route.h1);
          expect(await seriousViolations(page, WCAG), route.path).toEqual([]);
        }
      });
    }

    test("the policy pages", async ({ page }) => {
      await openPage(page, POLICY_ROUTES[0].path);
      expect(await seriousViolations(page, WCAG), POLICY_ROUTES[0].path).toEqual([]);
      await navigateInApp(page, POLICY_ROUTES[1].path, POLICY_ROUTES[1].h1);
      expect(await seriousViolations(page, WCAG), POLICY_ROUTES[1].path).toEqual([]);
    });
  });
}

// Open states do not change with the width (except the menu, which only exists on small screens). Two open
// states per test: four page loads and scans in one test ran past its time on a busy machine.
test("axe on open states: mobile menu and founder dialog", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openPage(page, "/");
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.locator("#mobile-menu")).toBeVisible();
  expect(await seriousViolations(page, WCAG_AND_BEST_PRACTICES), "mobile menu").toEqual([]);

  await page.setViewportSize({ width: 1280, height: 800 });
  await openPage(page, "/about");
  await page.getByRole("button", { name: "Read Elin's bio" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await seriousViolations(page, WCAG_AND_BEST_PRACTICES), "founder dialog").toEqual([]);
});

test("axe on open states: application errors and contact info", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openPage(page, "/work-with-us");
  await page.getByRole("tab", { name: "Apply Now" }).click();
  await page.getByRole("button", { name: "Submit Application" }).click();
  await expect(page.getByText("First name is required")).toBeVisible();
  expect(await seriousViolations(page, WCAG_AND_BEST_PRACTICES), "application form with errors").toEqual([]);

  await openPage(page, "/contact");
  await page.getByRole("tab", { name: "Contact Info" }).click();
  await expect(page.getByText("Stockholm, Sweden")).toBeVisible();
  expect(await seriousViolations(page, WCAG_AND_BEST_PRACTICES), "contact info").toEqual([]);
});
