import { expect, test } from "@playwright/test";
import { createConfirmedUser, expectShell } from "../auth/support";
import { nextTotpCode, wrongTotpCode } from "../support/totp";
import { enrollAuthenticator, seriousViolations, signIn } from "./support";

/*
 * Runs against the server started with AUTH_REQUIRE_AAL2=true (project chromium-aal2): the back office
 * needs an aal2 session, so once a factor is on, sign-in asks for its code and cannot skip it.
 */
test("a user turns on two-factor, and the next sign-in must give a code; a wrong one is refused", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const user = await createConfirmedUser(request, "staff");
  await signIn(page, user);
  // No factor yet: the back office stays shut, the settings page opens to set one up.
  await expect(
    page.getByRole("heading", { level: 1, name: "Set up two-factor authentication" }),
  ).toBeVisible();
  expect(await seriousViolations(page), "setup notice").toEqual([]);
  await page.getByRole("link", { name: "Set up now" }).click();
  await expect(page).toHaveURL(/\/app\/settings$/);
  const secret = await enrollAuthenticator(page);

  await page.getByRole("button", { name: /Account menu for/ }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await signIn(page, user);
  const step = page.getByRole("form", { name: "Two-factor code" });
  await expect(page.getByRole("heading", { level: 1, name: "Two-factor authentication" })).toBeVisible();
  await expect(
    page.getByText("Enter the 6-digit code from your authenticator app to finish signing in."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Skip for now" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Toggle Sidebar" })).toHaveCount(0);

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousViolations(page), `code step at ${width}px`).toEqual([]);
  }

  await step.getByLabel("Authentication code").fill(wrongTotpCode(secret));
  await step.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "That code is not correct" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Toggle Sidebar" })).toHaveCount(0);

  await step.getByLabel("Authentication code").fill(nextTotpCode(secret));
  await step.getByRole("button", { name: "Verify" }).click();
  await expectShell(page);
  // The data the aal2 rule guards now loads.
  await page.goto("/app/crm/contacts");
  await expect(page.getByText("Maja Ekström").first()).toBeVisible();
});
