import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { createConfirmedUser, openSignedIn, toast } from "../auth/support";

export { toast };

/** A staff member made through sign-up and the e-mailed link, signed in on this page at `path`. */
export async function signInAsStaff(page: Page, request: APIRequestContext, path = "/app") {
  const user = await createConfirmedUser(request, "staff");
  await openSignedIn(page, user, path);
  return user;
}

let counter = 0;
/** A short token that makes a test's records its own (the e2e database is shared by every test). */
export function uniqueTag() {
  counter += 1;
  return `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
}

/** A board's column, by its heading. */
export function boardColumn(page: Page, name: string) {
  return page.getByRole("region", { name: new RegExp(`^${name}`) });
}

/** The SEK total a deal column's header shows, as a number. */
export async function columnTotal(column: Locator) {
  const text =
    (await column
      .getByText(/Total value/)
      .locator("..")
      .textContent()) ?? "";
  return Number(text.replace(/[^\d]/g, ""));
}

/**
 * WCAG 2.1 A/AA plus best practices; serious and critical violations only. A dialog fading in or a toast
 * fading out is part transparent, and axe would measure its contrast mid-way: the scan starts once every
 * finite animation has ended (spinners turn for ever), and leaves out toasts already on their way out.
 */
async function seriousViolations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page })
    .exclude('[data-sonner-toast][data-removed="true"]')
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .options({ resultTypes: ["violations"] })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
    }));
}

export async function expectNoSeriousViolations(page: Page, where: string) {
  expect(await seriousViolations(page), where).toEqual([]);
}
