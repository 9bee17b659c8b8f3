import { expect, test } from "@playwright/test";
import { createConfirmedUser, expectShell, signInWithForm, toast } from "./support";

test.describe("/app access", () => {
  test("a deep link while signed out goes to /auth, then back to it after signing in", async ({
    page,
    request,
  }) => {
    const user = await createConfirmedUser(request, "staff");
    await page.goto("/app/crm/talent");
    await expect(page).toHaveURL(/\/auth$/);

    await signInWithForm(page, user);

    await expect(page).toHaveURL(/\/app\/crm\/talent$/);
    await expect(page.getByRole("heading", { level: 1, name: "Talent" })).toBeVisible();
    await expect(page.getByText(/^Showing 1–50 of \d+$/)).toBeVisible();
  });

  test("signing out shows 'Signed out' and leaves the back office", async ({ page, request }) => {
    const user = await createConfirmedUser(request, "staff");
    await page.goto("/auth");
    await signInWithForm(page, user);
    await expectShell(page);

    await page.getByRole("button", { name: /^Account menu for / }).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();

    await expect(toast(page, "Signed out")).toContainText("You have been signed out successfully.");
    await expect(page).toHaveURL(/\/auth$/);
    // The session is gone for good: reloading /app does not get back in.
    await page.goto("/app");
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("a user without the staff role sees the access notice and no data screens", async ({
    page,
    request,
  }) => {
    const user = await createConfirmedUser(request, "guest");
    await page.goto("/auth");
    await signInWithForm(page, user);

    await expect(page.getByRole("heading", { level: 1, name: "Access pending" })).toBeVisible();
    await expect(page.getByText("An administrator must grant you access.", { exact: false })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Back office" })).toHaveCount(0);

    await page.goto("/app/crm/talent");
    await expect(page.getByRole("heading", { level: 1, name: "Access pending" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Talent" })).toHaveCount(0);

    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(toast(page, "Signed out")).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });
});
