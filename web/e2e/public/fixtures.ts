import { test as base, expect, type Page } from "@playwright/test";
import { goInApp } from "../support/navigation";

export { expect };

/** The public routes and the one h1 each must show. */
export const PUBLIC_ROUTES = [
  { path: "/", h1: "Music, media and events built by songwriters", nav: "Home" },
  { path: "/about", h1: "Songwriters building a better music business", nav: "About" },
  { path: "/services", h1: "Everything a release needs, under one roof", nav: "Services" },
  { path: "/projects", h1: "What we are building", nav: "Projects" },
  { path: "/work-with-us", h1: "Work With Us", nav: "Work With Us" },
  { path: "/contact", h1: "Let's make something together", nav: "Contact" },
] as const;

/** The policy pages the footer links to, and the h1 each must show. */
export const POLICY_ROUTES = [
  { path: "/privacy", h1: "Privacy Notice", footer: "Privacy Policy" },
  { path: "/terms", h1: "Terms of Service", footer: "Terms of Service" },
] as const;

const STUB_PAGE = '<!doctype html><html lang="en"><head><title>Stub</title></head><body></body></html>';

type Fixtures = {
  /** console.error messages and uncaught page errors seen so far on this page. */
  consoleErrors: string[];
};

/**
 * Every test runs offline from the outside world: third-party documents (the playlist iframe) get a tiny
 * local stub, so nothing depends on the network and axe has a frame it can scan.
 */
export const test = base.extend<Fixtures>({
  page: async ({ page }, use) => {
    await page.route(
      (url) => url.hostname !== "localhost" && url.hostname !== "127.0.0.1",
      (route) =>
        route.request().resourceType() === "document"
          ? route.fulfill({ status: 200, contentType: "text/html", body: STUB_PAGE })
          : route.abort(),
    );
    await use(page);
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
    await use(errors);
  },
});

/**
 * Until the app hydrates a prerendered page, its buttons do nothing and what is typed does not reach the
 * app. React marks each DOM node it has adopted with an internal `__reactFiber$…` key; the h1 sits in the
 * route's own lazy chunk, the last part to hydrate.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const heading = document.querySelector("h1");
    return heading !== null && Object.keys(heading).some((key) => key.startsWith("__reactFiber$"));
  });
}

/** Opens a public page and waits until its h1 has rendered and the app has hydrated it. */
export async function openPage(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await waitForHydration(page);
}

/** Client-side navigation inside the already loaded app (as a router link would), then waits for the h1. */
export async function navigateInApp(page: Page, path: string, h1: string | RegExp) {
  await goInApp(page, path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
}
