import { DEFAULT_STORAGE_KEY } from "@app/auth-client";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { E2E_STAFF_DOMAIN } from "./staff-domain";

/*
 * Users are made the way people make them, through sign-up and the e-mailed link (read from the dev
 * outbox), so these helpers work against any e2e server, whatever its port, without the operator CLI.
 */

export type TestUser = { email: string; password: string; fullName: string };
type DevMail = { kind: string; to: string; subject: string; link: string | null; created_at: string };

let counter = 0;

/** A fresh address; `staff` ones are on the domain the server makes staff on confirmation. */
export function newUser(kind: "staff" | "guest"): TestUser {
  counter += 1;
  const id = `${Date.now()}-${process.pid}-${counter}`;
  const domain = kind === "staff" ? E2E_STAFF_DOMAIN : "example.com";
  return {
    email: `e2e-${kind}-${id}@${domain}`,
    password: `Staff-Password-${id}!`,
    fullName: kind === "staff" ? "Stina Staff" : "Gus Guest",
  };
}

export async function anonKeyOf(request: APIRequestContext): Promise<string> {
  const response = await request.get("/api/config");
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { anon_key: string }).anon_key;
}

/** The newest outbox mail to `email` (of `kind`: confirmation, magic_link …), waiting for it to arrive. */
export async function latestMail(request: APIRequestContext, email: string, kind?: string): Promise<DevMail> {
  let found: DevMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`);
        const mails = (await response.json()) as DevMail[];
        found = mails.find((mail) => (kind ? mail.kind === kind : true) && mail.link);
        return found !== undefined;
      },
      { message: `a ${kind ?? ""} mail with a link to ${email}` },
    )
    .toBe(true);
  return found as DevMail;
}

/**
 * Signs a user up through the API and follows the confirmation link, as if from the mail client. A staff
 * address's confirmation grants the role and drops the sign-up's password, so the owner then chooses it
 * in the session the link started, as the set-password page does.
 */
export async function createConfirmedUser(request: APIRequestContext, kind: "staff" | "guest") {
  const user = newUser(kind);
  const apikey = await anonKeyOf(request);
  const response = await request.post("/auth/v1/signup", {
    headers: { apikey },
    data: { email: user.email, password: user.password, data: { full_name: user.fullName } },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const mail = await latestMail(request, user.email);
  const confirmed = await request.get(mail.link as string, { maxRedirects: 0 });
  expect(confirmed.status(), "the confirmation link redirects back to the site").toBe(303);
  if (kind === "staff") {
    const location = confirmed.headers().location ?? "";
    expect(new URL(location).pathname, "a staff confirmation leads to the set-password page").toBe(
      "/auth/set-password",
    );
    const accessToken = new URLSearchParams(location.split("#")[1] ?? "").get("access_token");
    const chosen = await request.put("/auth/v1/user", {
      headers: { apikey, authorization: `Bearer ${accessToken}` },
      data: { password: user.password },
    });
    expect(chosen.ok(), await chosen.text()).toBe(true);
  }
  return user;
}

export async function openSignInTab(page: Page, tab: "Sign In" | "Sign Up" | "Magic Link") {
  await page.getByRole("tab", { name: tab }).click();
  return page.getByRole("tabpanel", { name: tab });
}

/** Fills the Sign In tab of the screen already open and submits it. */
export async function signInWithForm(page: Page, user: Pick<TestUser, "email" | "password">) {
  const panel = await openSignInTab(page, "Sign In");
  await panel.getByLabel("Email").fill(user.email);
  await panel.getByLabel("Password").fill(user.password);
  await panel.getByRole("button", { name: "Sign In" }).click();
}

/**
 * Starts a session as the sign-in form ends one, without the form: the password grant through the API and
 * its session stored where the app reads it. A test of something else than signing in starts here, which
 * spares it the sign-in screen and the dashboard the form leads to; the form has tests of its own.
 */
async function signInThroughApi(page: Page, user: Pick<TestUser, "email" | "password">) {
  const response = await page.request.post("/auth/v1/token?grant_type=password", {
    headers: { apikey: await anonKeyOf(page.request) },
    data: { email: user.email, password: user.password },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { weak_password: _notice, ...session } = (await response.json()) as Record<string, unknown>;
  // A page of the same origin without the app: the session is in place before the app first reads it.
  await page.goto("/health");
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    DEFAULT_STORAGE_KEY,
    JSON.stringify(session),
  ] as const);
}

/** Signs `user` in through the API and opens `path` of the back office, once its shell has painted. */
export async function openSignedIn(page: Page, user: Pick<TestUser, "email" | "password">, path = "/app") {
  await signInThroughApi(page, user);
  await page.goto(path);
  await expectShell(page);
}

/** A sonner toast, found by its title. */
export function toast(page: Page, title: string) {
  return page.locator("[data-sonner-toast]").filter({ has: page.getByText(title, { exact: true }) });
}

/** The back-office shell has painted (its sidebar toggle is in the header). */
export async function expectShell(page: Page) {
  await expect(page.getByRole("button", { name: "Toggle Sidebar" })).toBeVisible();
}
