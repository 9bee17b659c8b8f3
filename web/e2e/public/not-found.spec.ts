import { expect, test } from "./fixtures";

test("/privacy, /terms and a random path show the 404 page and log the path", async ({
  page,
  consoleErrors,
}) => {
  // /privacy is reached the way visitors reach it: from the footer link.
  await page.goto("/contact");
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL(/\/privacy$/);

  for (const path of ["/privacy", "/terms", `/no-such-page-${Date.now()}`]) {
    if (path !== "/privacy") await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
    // Still inside the public layout: the navigation and footer are there.
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect
      .poll(() =>
        consoleErrors.filter((message) => message.includes(`attempted to access`) && message.endsWith(path)),
      )
      .toHaveLength(1);
  }
  // Those three 404 logs and nothing else.
  expect(consoleErrors).toHaveLength(3);

  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Music, media and events built by songwriters",
  );
});
