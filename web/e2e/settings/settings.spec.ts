import { expect, test } from "@playwright/test";
import { anonKeyOf, createConfirmedUser, expectShell, toast } from "../auth/support";
import { nextTotpCode } from "../support/totp";
import { ageSessionsOf, codeIn, enrollAuthenticator, mailAfter, signIn } from "./support";

test("a name change persists and shows in the user menu", async ({ page, request }) => {
  const user = await createConfirmedUser(request, "staff");
  await signIn(page, user);
  await page.getByRole("button", { name: /Account menu for/ }).click();
  await page.getByRole("menuitem", { name: "Profile" }).click();
  await expect(page).toHaveURL(/\/app\/settings\/profile$/);
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();

  const name = page.getByRole("form", { name: "Full name" }).getByLabel("Full name");
  await expect(name).toHaveValue(user.fullName);
  await name.fill("   ");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("Enter your full name.")).toBeVisible();

  await name.fill("Greta  Lind ");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(toast(page, "Profile saved")).toBeVisible();
  await expect(page.getByRole("button", { name: "Account menu for Greta Lind" })).toBeVisible();

  await page.reload();
  await expect(page.getByRole("form", { name: "Full name" }).getByLabel("Full name")).toHaveValue(
    "Greta Lind",
  );
  const fromServer = await request.post("/auth/v1/token?grant_type=password", {
    headers: { apikey: await anonKeyOf(request) },
    data: { email: user.email, password: user.password },
  });
  expect((await fromServer.json()).user.user_metadata.full_name).toBe("Greta Lind");
});

test("an e-mail change explains the two confirmations and mails both addresses", async ({
  page,
  request,
}) => {
  const user = await createConfirmedUser(request, "staff");
  await signIn(page, user);
  await page.goto("/app/settings/profile");
  await expect(page.getByText("We e-mail a confirmation link to your current address")).toBeVisible();
  const since = new Date().toISOString();
  const newEmail = `moved.${Date.now()}@example.com`;
  await page.getByLabel("New e-mail address").fill(newEmail);
  await page.getByRole("button", { name: "Change e-mail" }).click();
  await expect(toast(page, "Confirmation e-mails sent")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Waiting for confirmation" })).toContainText(
    `Your address changes to ${newEmail} once both links are opened`,
  );
  await mailAfter(request, newEmail, "email_change", since);
  await mailAfter(request, user.email, "email_change_current", since);
});

test("a password change on an old session needs the mailed code: a wrong one is refused, the real one works", async ({
  page,
  request,
}) => {
  const user = await createConfirmedUser(request, "staff");
  await signIn(page, user);
  ageSessionsOf(user.email);
  await page.goto("/app/settings");

  const form = page.getByRole("form", { name: "Change password" });
  const newPassword = `${user.password}-renewed`;
  await form.getByLabel("New password", { exact: true }).fill(newPassword);
  await form.getByLabel("Confirm new password").fill(newPassword);
  const since = new Date().toISOString();
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText(`we mailed you a code at ${user.email.toLowerCase()}`)).toBeVisible();
  const mail = await mailAfter(request, user.email, "reauthentication", since);

  await form.getByLabel("Code from the e-mail").fill(codeIn(mail) === "000000" ? "111111" : "000000");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText(/That code is wrong or has expired/)).toBeVisible();
  await expect(form.getByLabel("Code from the e-mail")).toHaveAttribute("aria-invalid", "true");

  await form.getByLabel("Code from the e-mail").fill(codeIn(mail));
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("Your password has been changed.")).toBeVisible();
  await expect(toast(page, "Password changed")).toBeVisible();

  const headers = { apikey: await anonKeyOf(request) };
  const oldRefused = await request.post("/auth/v1/token?grant_type=password", {
    headers,
    data: { email: user.email, password: user.password },
  });
  expect(oldRefused.status()).toBe(400);
  expect((await oldRefused.json()).error_code).toBe("invalid_credentials");
  const renewed = await request.post("/auth/v1/token?grant_type=password", {
    headers,
    data: { email: user.email, password: newPassword },
  });
  expect(renewed.ok()).toBe(true);
});

test("'Sign out other sessions' ends the session of another browser", async ({ page, browser, request }) => {
  const user = await createConfirmedUser(request, "staff");
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  try {
    await signIn(otherPage, user);
    await signIn(page, user);
    await page.goto("/app/settings");

    // The confirmation link signed the user in too: that session, the other browser's and this one.
    const sessions = page.getByRole("list", { name: "Signed-in sessions" });
    await expect(sessions.getByRole("listitem")).toHaveCount(3);
    await expect(sessions.getByRole("listitem").filter({ hasText: "This device" })).toHaveCount(1);
    const thisDevice = sessions.getByRole("listitem").filter({ hasText: "This device" });
    await expect(thisDevice).toContainText(/Chrome on \w+/);
    await expect(thisDevice).toContainText("IP address 127.0.0.1");
    await expect(sessions.getByRole("button", { name: /End session on/ })).toHaveCount(2);

    await page.getByRole("button", { name: "Sign out other sessions" }).click();
    await expect(toast(page, "Signed out of all other sessions")).toBeVisible();
    await expect(sessions.getByRole("listitem")).toHaveCount(1);
    await expect(page.getByText("You are not signed in anywhere else.")).toBeVisible();

    // The other browser's next call is refused; it ends up at the sign-in screen.
    await otherPage.goto("/app/crm/contacts");
    await expect(otherPage).toHaveURL(/\/auth$/);
    // This one is still signed in.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  } finally {
    await other.close();
  }
});

test("once a factor is set up, sign-in asks for the code with no way round it, and welcomes after it", async ({
  page,
  request,
}) => {
  const user = await createConfirmedUser(request, "staff");
  await signIn(page, user);
  const secret = await enrollAuthenticator(page);
  await page.getByRole("button", { name: /Account menu for/ }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await signIn(page, user);
  await expect(page.getByRole("heading", { level: 1, name: "Two-factor authentication" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Skip for now" })).toHaveCount(0);
  // Not welcomed yet: the sign-in is not complete without the code.
  await expect(toast(page, "Welcome!")).toHaveCount(0);
  await page.goto("/app/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Two-factor authentication" })).toBeVisible();

  const step = page.getByRole("form", { name: "Two-factor code" });
  await step.getByLabel("Authentication code").fill(nextTotpCode(secret));
  await step.getByRole("button", { name: "Verify" }).click();
  await expect(toast(page, "Welcome!")).toBeVisible();
  await expectShell(page);
  await page.goto("/app/settings");
  await page.getByRole("button", { name: "Remove Authenticator app" }).click();
  await page.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(toast(page, "Two-factor method removed")).toBeVisible();
  await expect(page.getByText("Two-factor authentication is off")).toBeVisible();
});
