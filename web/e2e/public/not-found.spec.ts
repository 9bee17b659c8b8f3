import { expect, test } from "./fixtures";

for (const path of ["/privacy", "/terms", `/no-such-page-${Date.now()}`]) {
  test(`${path.replace(/\d+$/, "<random>")} shows the 404 page and logs the path`, async ({
    page,
    consoleErrors,
  }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
    // Still inside the public layout: the navigation and footer are there.
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect.poll(() => consoleErrors.filter((message) => message.includes(path))).toHaveLength(1);
    expect(consoleErrors).toHaveLength(1);

    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Music, media and events built by songwriters",
    );
  });
}

test("the footer's Privacy Policy link leads to the 404 page", async ({ page, consoleErrors }) => {
  await page.goto("/contact");
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
  await expect.poll(() => consoleErrors.some((message) => message.includes("/privacy"))).toBe(true);
});
