import type { Page } from "@playwright/test";

/**
 * Moves the already loaded app to `path` as a router link would (history entry, then the router's
 * popstate), without reloading the page: a sweep over many screens then pays for each screen's own code
 * and reads, not for the whole app's scripts and session check again.
 */
export async function goInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}
