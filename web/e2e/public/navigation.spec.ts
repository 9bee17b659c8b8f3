import { expect, openPage, test } from "./fixtures";

test.describe("navigation on a small screen", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the toggle opens the menu and a link click navigates and closes it", async ({ page }) => {
    await openPage(page, "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    // The desktop links are hidden at this width; only the toggle is there.
    await expect(nav.getByRole("link", { name: "About", exact: true })).toBeHidden();
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator("#mobile-menu")).toHaveCount(0);

    await toggle.click();
    const menu = page.locator("#mobile-menu");
    const close = page.getByRole("button", { name: "Close menu" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    for (const label of ["Home", "About", "Services", "Projects", "Work With Us", "Contact", "Login"]) {
      await expect(menu.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole("link", { name: "Home", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );

    await menu.getByRole("link", { name: "Work With Us", exact: true }).click();
    await expect(page).toHaveURL(/\/work-with-us$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Work With Us");
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");

    // The toggle also closes it, and reopening shows the new page as current.
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu.getByRole("link", { name: "Work With Us", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toHaveCount(0);
  });
});

test("the navigation bar stays fixed at the top while scrolling", async ({ page }) => {
  await openPage(page, "/about");
  const banner = page.getByRole("banner").first();
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await expect(banner).toBeInViewport();
  expect((await banner.boundingBox())?.y).toBe(0);
});
