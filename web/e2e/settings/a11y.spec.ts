import { expect, test } from "@playwright/test";
import { createConfirmedUser } from "../auth/support";
import { seriousViolations, signIn } from "./support";

test("Settings (with two-factor setup open) and Profile pass axe at 375 and 1280 px, and the sub-navigation works by keyboard", async ({
  page,
  request,
}) => {
  const user = await createConfirmedUser(request, "staff");
  await signIn(page, user);
  await page.goto("/app/settings");
  await expect(page.getByRole("list", { name: "Signed-in sessions" }).getByText("This device")).toBeVisible();
  await page.getByRole("button", { name: "Set up two-factor" }).click();
  await expect(page.getByLabel("Setup key")).not.toHaveValue("");
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousViolations(page), `settings at ${width}px`).toEqual([]);
  }

  const nav = page.getByRole("navigation", { name: "Settings pages" });
  await expect(nav.getByRole("link")).toHaveText(["Settings", "Profile", "Company"]);
  await expect(nav.getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
  await nav.getByRole("link", { name: "Profile" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/app\/settings\/profile$/);
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousViolations(page), `profile at ${width}px`).toEqual([]);
  }
});
