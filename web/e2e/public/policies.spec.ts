import { expect, openPage, POLICY_ROUTES, test } from "./fixtures";

const WIDTHS = [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
] as const;

for (const viewport of WIDTHS) {
  test(`the footer's policy links reach their pages at ${viewport.width} px`, async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize(viewport);
    await openPage(page, "/contact");
    for (const route of POLICY_ROUTES) {
      const link = page.getByRole("contentinfo").getByRole("link", { name: route.footer });
      await link.scrollIntoViewIfNeeded();
      await expect(link).toBeVisible();
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${route.path}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.h1);
      await expect(page).toHaveTitle(`${route.h1} | Slussen Sound`);
      // A new page starts at its top, with its heading in view.
      await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
    }
    expect(consoleErrors).toEqual([]);
  });
}

test("the privacy notice says what is collected, why, for how long, who sees it and how to get a copy or erasure", async ({
  page,
  consoleErrors,
}) => {
  const response = await page.goto("/privacy");
  expect(response?.status()).toBe(200);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/privacy$/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /erased/);
  const main = page.getByRole("main");
  for (const part of [
    "Who we are",
    "What we collect and why",
    "How long we keep it",
    "Who sees it",
    "A copy, corrections or erasure",
  ]) {
    await expect(main.getByRole("region", { name: part })).toBeVisible();
  }
  const collected = main.getByRole("region", { name: "What we collect and why" });
  for (const form of ["Contact form:", "Job applications", "Newsletter:"])
    await expect(collected.getByText(form)).toBeVisible();
  await expect(main.getByRole("region", { name: "How long we keep it" })).toContainText("48 hours");
  await expect(main.getByRole("link", { name: "hello@slussensound.se" }).first()).toHaveAttribute(
    "href",
    "mailto:hello@slussensound.se",
  );
  await main.getByRole("link", { name: "Terms of Service" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/terms$/);
  await page.getByRole("main").getByRole("link", { name: "Privacy Notice" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Notice");
  expect(consoleErrors).toEqual([]);
});
