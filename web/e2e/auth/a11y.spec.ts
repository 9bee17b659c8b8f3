import { expect, test } from "@playwright/test";
import { seriousViolations } from "../support/axe";
import { createConfirmedUser, openSignInTab, signInWithForm } from "./support";

test("the sign-in screen's three tabs and the access notice pass axe", async ({ page, request }) => {
  await page.goto("/auth");
  for (const tab of ["Sign In", "Sign Up", "Magic Link"] as const) {
    await openSignInTab(page, tab);
    expect(await seriousViolations(page), tab).toEqual([]);
  }

  // Keyboard: arrow keys move between the tabs, Tab goes on to the panel and into the form.
  await openSignInTab(page, "Sign In");
  await page.getByRole("tab", { name: "Sign In" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Sign Up" })).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("tab", { name: "Sign In" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("tabpanel", { name: "Sign In" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("tabpanel", { name: "Sign In" }).getByLabel("Email")).toBeFocused();

  const guest = await createConfirmedUser(request, "guest");
  await signInWithForm(page, guest);
  await expect(page.getByRole("heading", { level: 1, name: "Access pending" })).toBeVisible();
  expect(await seriousViolations(page), "access notice").toEqual([]);
});
