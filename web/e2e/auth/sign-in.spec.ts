import { expect, test } from "@playwright/test";
import {
  createConfirmedUser,
  expectShell,
  latestMail,
  newUser,
  openSignInTab,
  signInWithForm,
  toast,
} from "./support";

test.describe("sign-in screen", () => {
  test("sign up, follow the confirmation link from the outbox, choose the password, land in /app", async ({
    page,
    request,
  }) => {
    const user = newUser("staff");
    await page.goto("/auth");
    await expect(page.getByText("Sign in to access your music business dashboard")).toBeVisible();

    const panel = await openSignInTab(page, "Sign Up");
    await panel.getByLabel("Full Name").fill(user.fullName);
    await panel.getByLabel("Email").fill(user.email);
    await panel.getByLabel("Password").fill(user.password);
    await panel.getByRole("button", { name: "Sign Up" }).click();
    await expect(toast(page, "Success!")).toContainText("Please check your email for a verification link.");

    const mail = await latestMail(request, user.email, "confirmation");
    await page.goto(mail.link as string);

    // A staff address: the role comes with the link, the password the role works with is chosen here.
    await expect(page).toHaveURL(/\/auth\/set-password$/);
    // The page greets the person itself; a Welcome toast on top would say they are done when they are not.
    await expect(page.getByRole("heading", { level: 1, name: "Set your password" })).toBeVisible();
    await expect(toast(page, "Welcome!")).toHaveCount(0);
    // The session arrived with the link; it must not linger in the address bar.
    expect(new URL(page.url()).hash).toBe("");
    await page.getByLabel("New password", { exact: true }).fill(user.password);
    await page.getByLabel("Confirm new password").fill(user.password);
    await page.getByRole("button", { name: "Set Password" }).click();
    await expect(page).toHaveURL(/\/app$/);
    await expectShell(page);
  });

  test("sign up with a weak password shows the server's reasons", async ({ page }) => {
    const user = newUser("staff");
    await page.goto("/auth");
    const panel = await openSignInTab(page, "Sign Up");
    await panel.getByLabel("Full Name").fill(user.fullName);
    await panel.getByLabel("Email").fill(user.email);
    await panel.getByLabel("Password", { exact: true }).fill("short");
    await panel.getByRole("button", { name: "Sign Up" }).click();

    await expect(toast(page, "Sign up failed")).toContainText("Password should be at least 8 characters.");
    await expect(panel.getByLabel("Password", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(panel.getByRole("list", { name: "Why the password was refused" })).toBeVisible();
  });

  test("sign in with a password opens /app", async ({ page, request }) => {
    const user = await createConfirmedUser(request, "staff");
    await page.goto("/login");
    await signInWithForm(page, user);

    await expect(page).toHaveURL(/\/app$/);
    await expectShell(page);
    await expect(toast(page, "Welcome!")).toBeVisible();
  });

  test("a magic link from the outbox signs in and opens /app", async ({ page, request }) => {
    const user = await createConfirmedUser(request, "staff");
    await page.goto("/auth");
    const panel = await openSignInTab(page, "Magic Link");
    await expect(
      panel.getByText("We'll send you a secure link to sign in without a password."),
    ).toBeVisible();
    await panel.getByLabel("Email").fill(user.email);
    await panel.getByRole("button", { name: "Send Magic Link" }).click();
    await expect(toast(page, "Magic link sent!")).toContainText("Check your email for a sign-in link.");

    const mail = await latestMail(request, user.email, "magic_link");
    await page.goto(mail.link as string);

    await expect(page).toHaveURL(/\/app$/);
    await expectShell(page);
    await expect(toast(page, "Welcome!")).toBeVisible();
  });

  test("a wrong password shows 'Sign in failed' and stays on the screen", async ({ page, request }) => {
    const user = await createConfirmedUser(request, "staff");
    await page.goto("/auth");
    await signInWithForm(page, { email: user.email, password: `${user.password}-wrong` });

    await expect(toast(page, "Sign in failed")).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeEnabled();
  });

  test("with an empty password, submitting sends nothing", async ({ page }) => {
    const calls: string[] = [];
    page.on("request", (req) => {
      if (req.url().includes("/auth/v1/token")) calls.push(req.url());
    });
    await page.goto("/auth");
    const panel = await openSignInTab(page, "Sign In");
    await panel.getByLabel("Email").fill("someone@example.com");
    await panel.getByRole("button", { name: "Sign In" }).click();

    await expect(panel.getByRole("button", { name: "Sign In" })).toBeEnabled();
    expect(calls).toEqual([]);
  });

  test("a signed-in visitor to /auth goes straight on to /app", async ({ page, request }) => {
    const user = await createConfirmedUser(request, "staff");
    await page.goto("/auth");
    await signInWithForm(page, user);
    await expect(page).toHaveURL(/\/app$/);

    await page.goto("/auth");
    await expect(page).toHaveURL(/\/app$/);
    await expectShell(page);
  });
});
