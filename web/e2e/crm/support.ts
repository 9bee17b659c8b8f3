import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { createConfirmedUser, openSignedIn, toast } from "../auth/support";

export { expectNoSeriousViolations } from "../support/axe";
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
