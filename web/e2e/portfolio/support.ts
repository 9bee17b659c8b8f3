import { expect, type Page } from "@playwright/test";
import { toast, uniqueTag } from "../crm/support";

/**
 * Opens the builder on its first talent, by that talent's own address, so a reload stays with the same
 * talent whatever other tests add to the shared database meanwhile.
 */
export async function openFirstPortfolio(page: Page) {
  await page.goto("/app/portfolio");
  const current = page.getByRole("list", { name: "Talent list" }).locator('a[aria-current="true"]');
  const href = await current.getAttribute("href");
  expect(href).toMatch(/^\/app\/portfolio\/[0-9a-f-]{36}$/);
  await page.goto(href as string);
  await expectPortfolioLoaded(page);
}

/** The works have been read: either the lists or the portfolio's empty state shows. */
export async function expectPortfolioLoaded(page: Page) {
  await expect(page.getByRole("heading", { name: /^(All Works|No works yet)$/ })).toBeVisible();
}

/** A work of this test's own (a unique title), added through Add Work with a title and a role only. */
export async function addWork(page: Page, prefix: string) {
  const title = `${prefix} ${uniqueTag()}`;
  await page.getByRole("button", { name: "Add Work" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add work" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Role").fill("Producer");
  await dialog.getByRole("button", { name: "Add Work" }).click();
  await expect(toast(page, "Work added")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(work(page, "All Works", title)).toBeVisible();
  return title;
}

/** A work's card in one of the builder's lists ("Featured Works", "All Works"). */
export function work(page: Page, list: "Featured Works" | "All Works", title: string) {
  return page.getByRole("region", { name: list }).getByRole("article", { name: title, exact: true });
}
