import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { SQLite } from "../../../server/src/db/engine/sqlite-driver.mjs";
import { signInWithForm, type TestUser } from "../auth/support";
import { serverEnv } from "../support/server";
import { totpCode } from "../support/totp";

export { seriousViolations } from "../support/axe";

/** Signs in through the form; the screen goes on to the back office (where a signed-out guard sent it from). */
export async function signIn(page: Page, user: Pick<TestUser, "email" | "password">) {
  await page.goto("/auth");
  await signInWithForm(page, user);
  await expect(page).toHaveURL(/\/app(\/|$)/);
}

/** Sets up an authenticator on /app/settings, playing the phone: returns the setup key it was shown. */
export async function enrollAuthenticator(page: Page): Promise<string> {
  await page.goto("/app/settings");
  await page.getByRole("button", { name: "Set up two-factor" }).click();
  const form = page.getByRole("form", { name: "Set up an authenticator app" });
  await expect(form.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
  const secret = (await form.getByLabel("Setup key").inputValue()).replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await form.getByLabel("Code from the app").fill(totpCode(secret));
  await form.getByRole("button", { name: "Verify and turn on" }).click();
  const apps = page.getByRole("list", { name: "Your authenticator apps" });
  await expect(apps.getByRole("listitem")).toHaveCount(1);
  await expect(apps.getByText("Active")).toBeVisible();
  return secret;
}

type OutboxMail = { kind: string; to: string; text: string; created_at: string };

/** The newest mail of `kind` to `email` sent after `since`, from the dev outbox. */
export async function mailAfter(request: APIRequestContext, email: string, kind: string, since: string) {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`);
        const mails = (await response.json()) as OutboxMail[];
        found = mails.find((mail) => mail.kind === kind && mail.created_at > since);
        return found !== undefined;
      },
      { message: `a ${kind} mail to ${email}` },
    )
    .toBe(true);
  return found as OutboxMail;
}

/** The 6-digit code a mail carries. */
export function codeIn(mail: OutboxMail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in: ${mail.text}`);
  return code;
}

/**
 * Makes the user's live sessions look signed in 25 hours ago, in the e2e server's database, so the server
 * asks a new password for a mailed code as it does for a session left open for over a day.
 */
export function ageSessionsOf(email: string) {
  const db = new SQLite(serverEnv().DATABASE_URL);
  try {
    const dayAgo = new Date(Date.now() - 25 * 3600 * 1000).toISOString();
    const changed = db
      .prepare(
        "UPDATE sessions SET created_at = ? WHERE ended_at IS NULL AND user_id = (SELECT id FROM users WHERE email = ?)",
      )
      .run(dayAgo, email.toLowerCase()).changes;
    expect(changed, "sessions aged").toBeGreaterThan(0);
  } finally {
    db.close();
  }
}
