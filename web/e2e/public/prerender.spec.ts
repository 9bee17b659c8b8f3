import type { ConsoleMessage, Page } from "@playwright/test";
import { signInAsStaff } from "../crm/support";
import { expect, POLICY_ROUTES, PUBLIC_ROUTES, test, waitForHydration } from "./fixtures";

/*
 * The public pages arrive drawn: the build prerenders their markup, the server puts it in the root, and the
 * app hydrates it. Hydration must adopt that markup as it is: React reports any difference between the
 * server's render and the browser's first one as a console error.
 */

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const route of [...PUBLIC_ROUTES, ...POLICY_ROUTES]) {
    test(`${route.path} shows its heading, navigation and footer from the HTML alone`, async ({ page }) => {
      await page.goto(route.path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.h1);
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
    });
  }
});

/** Every console error and warning, and every uncaught error, from the page's first byte on. */
function watchConsole(page: Page) {
  const messages: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() === "error" || message.type() === "warning")
      messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

/** Holds the app's entry script until `release` is called, so a test can act on the page before hydration. */
async function holdEntryScript(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe("hydration", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the home page hydrates without a console message and its menu opens", async ({ page }) => {
    const messages = watchConsole(page);
    await page.goto("/");
    await waitForHydration(page);
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.click();
    const menu = page.locator("#mobile-menu");
    await expect(menu.getByRole("link", { name: "Contact" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    // The sections that only the browser fills: the playlist (runtime config) and the community events.
    await expect(page.getByRole("main").locator("iframe")).toHaveAttribute("src", /^https:\/\//);
    await expect(page.getByRole("main").getByText("max attendees").first()).toBeVisible();
    await menu.getByRole("link", { name: "Contact" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(PUBLIC_ROUTES[5].h1);
    expect(messages).toEqual([]);
  });

  test("a public page's HTML also serves its address with a trailing slash or a query", async ({ page }) => {
    const messages = watchConsole(page);
    for (const [path, h1] of [
      ["/about/", PUBLIC_ROUTES[1].h1],
      ["/contact?utm_source=newsletter", PUBLIC_ROUTES[5].h1],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
      await waitForHydration(page);
    }
    // The newsletter link's outcome is not in the prerendered /contact: it appears once hydrated.
    await page.goto("/contact?newsletter=confirmed");
    await expect(page.getByRole("status").filter({ hasText: "subscription is confirmed" })).toBeVisible();
    expect(messages).toEqual([]);
  });

  test("the contact page keeps its prerendered nodes and sends what was typed before hydration", async ({
    page,
  }) => {
    const messages = watchConsole(page);
    const release = await holdEntryScript(page);
    await page.goto("/contact", { waitUntil: "commit" });
    const form = page.getByRole("form", { name: "Contact form" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(PUBLIC_ROUTES[5].h1);
    // Before the app runs the form cannot be sent: a native submit would put the message in the address.
    await expect(form.getByRole("button", { name: "Send Message" })).toBeDisabled();
    await form.getByLabel("Name").fill("Ines Moreau");
    await form.getByLabel("Email").fill("ines@example.com");
    await form.getByLabel("Subject").fill(`Typed before hydration ${Date.now()}`);
    await form.getByLabel("Message").fill("Hej! Can we book the studio in March?");
    await page.evaluate(() => {
      (window as { prerenderedHeading?: Element | null }).prerenderedHeading = document.querySelector("h1");
    });

    release();
    await waitForHydration(page);
    // Adopted, not drawn again: the heading is the very node the HTML created.
    expect(
      await page.evaluate(
        () =>
          (window as { prerenderedHeading?: Element | null }).prerenderedHeading ===
          document.querySelector("h1"),
      ),
    ).toBe(true);
    await expect(form.getByLabel("Name")).toHaveValue("Ines Moreau");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Message sent!")).toBeVisible();
    await expect(form.getByLabel("Name")).toHaveValue("");
    await expect(page).toHaveURL(/\/contact$/);
    expect(messages).toEqual([]);
  });

  test("the sign-in page arrives as its spinner, then hydrates into the form without a console message", async ({
    page,
  }) => {
    const messages = watchConsole(page);
    const release = await holdEntryScript(page);
    await page.goto("/auth", { waitUntil: "commit" });
    // Before any script: only the spinner, as while the session loads; never the form.
    await expect(page.getByRole("main").getByRole("status")).toHaveText("Loading");
    await expect(page.getByRole("form", { name: "Sign in" })).toHaveCount(0);

    release();
    await expect(page.getByRole("form", { name: "Sign in" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Slussen Sound Portal");
    expect(messages).toEqual([]);
  });

  test("the back office arrives as its spinner, then sends a visitor to sign in, without a console message", async ({
    page,
  }) => {
    const messages = watchConsole(page);
    const release = await holdEntryScript(page);
    await page.goto("/app/crm/talent", { waitUntil: "commit" });
    await expect(page.getByRole("main").getByRole("status")).toHaveText("Loading");

    release();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("form", { name: "Sign in" })).toBeVisible();
    expect(messages).toEqual([]);
  });

  test("a signed-in staff member's back office hydrates from the spinner without a console message", async ({
    page,
    request,
  }) => {
    await signInAsStaff(page, request);
    const messages = watchConsole(page);
    await page.goto("/app/crm/talent");
    await expect(page.getByRole("heading", { level: 1, name: "Talent" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Talent" })).toBeVisible();
    expect(messages).toEqual([]);
  });
});
