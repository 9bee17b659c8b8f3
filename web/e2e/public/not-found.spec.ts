import { expect, test, waitForHydration } from "./fixtures";

/** What Chromium itself logs for any document or resource that answers 404, before any script runs. */
const isBrowserStatusLog = (message: string) => message.startsWith("Failed to load resource:");

test("an unknown path answers 404 with the not-found page, which hydrates and logs the path", async ({
  page,
  consoleErrors,
}) => {
  const paths = [`/no-such-page-${Date.now()}`, "/privacy/old-version", "/about/team"];
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
    await waitForHydration(page);
    await expect(page).toHaveTitle("Page not found | Slussen Sound");
    // Still inside the public layout: the navigation and footer are there.
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect
      .poll(() =>
        consoleErrors.filter((message) => message.includes(`attempted to access`) && message.endsWith(path)),
      )
      .toHaveLength(1);
  }
  // Those 404 logs, the browser's note of each 404 answer, and nothing else: the prerendered page
  // hydrated without a mismatch.
  expect(consoleErrors.filter(isBrowserStatusLog)).toHaveLength(paths.length);
  expect(consoleErrors.filter((message) => !isBrowserStatusLog(message))).toHaveLength(paths.length);

  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Music, media and events built by songwriters",
  );
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the 404's HTML already shows the not-found page", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
    await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  });
});

test("every page the footer and navigation link to answers 200", async ({ page }) => {
  await page.goto("/");
  const hrefs = await page
    .locator("header a[href^='/'], footer a[href^='/']")
    .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute("href") ?? ""))]);
  expect(hrefs).toEqual(expect.arrayContaining(["/about", "/contact", "/privacy", "/terms", "/login"]));
  for (const href of hrefs) {
    const response = await page.request.get(href);
    expect(response.status(), href).toBe(200);
  }
});
