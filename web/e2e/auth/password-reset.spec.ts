import { expect, test } from "@playwright/test";
import {
  createConfirmedUser,
  expectShell,
  latestMail,
  openSignInTab,
  signInWithForm,
  toast,
} from "./support";

/*
 * "Forgot password?" end to end: the recovery mail's link signs the person in on the set-password page,
 * the new password works and the old one does not.
 */
test("a forgotten password is reset through the mailed link, and only the new one signs in", async ({
  page,
  request,
  browser,
}) => {
  const user = await createConfirmedUser(request, "staff");
  await page.goto("/auth");
  const panel = await openSignInTab(page, "Sign In");
  await panel.getByRole("button", { name: "Forgot password?" }).click();
  const reset = page.getByRole("form", { name: "Reset password" });
  await reset.getByLabel("Email").fill(user.email);
  await reset.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(toast(page, "Check your email")).toBeVisible();

  const mail = await latestMail(request, user.email, "recovery");
  const context = await browser.newContext();
  const recovering = await context.newPage();
  await recovering.goto(mail.link as string);
  await expect(recovering).toHaveURL(/\/auth\/set-password$/);
  await expect(recovering.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  const fresh = `${user.password} renewed`;
  await recovering.getByLabel("New password", { exact: true }).fill(fresh);
  await recovering.getByLabel("Confirm new password").fill(fresh);
  await recovering.getByRole("button", { name: "Set Password" }).click();
  await expect(recovering).toHaveURL(/\/app$/);
  await expectShell(recovering);
  await context.close();

  await page.getByRole("button", { name: "Back to sign in" }).click();
  await signInWithForm(page, user);
  await expect(toast(page, "Sign in failed")).toBeVisible();
  await signInWithForm(page, { email: user.email, password: fresh });
  await expectShell(page);
});
