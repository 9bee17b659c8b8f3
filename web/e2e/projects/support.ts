import { expect, type Page } from "@playwright/test";
import { boardColumn, toast } from "../crm/support";

/** A won deal, made through the deal board's New Deal dialog. */
export async function createWonDeal(page: Page, title: string, value = "12 345") {
  await page.goto("/app/crm/deals");
  await page.getByRole("button", { name: "New Deal" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New Deal" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Stage").selectOption("won");
  await dialog.getByLabel(/^Value/).fill(value);
  await dialog.getByRole("button", { name: "Create Deal" }).click();
  await expect(toast(page, "Deal created")).toBeVisible();
}

/** Opens the won deal on the board and turns it into a project; answers once the project's page is open. */
export async function createProjectFromDeal(page: Page, title: string) {
  await boardColumn(page, "Won").getByRole("button", { name: title, exact: true }).click();
  const dealDialog = page.getByRole("dialog", { name: "Edit deal" });
  await dealDialog.getByRole("button", { name: "Create project" }).click();
  await expect(toast(page, "Project created")).toBeVisible();
  await expect(page).toHaveURL(/\/app\/projects\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

/** Adds a milestone with its billing share (percent) through the project page's dialog. */
export async function addMilestone(page: Page, title: string, sharePercent: string) {
  await page.getByRole("button", { name: "Add milestone" }).click();
  const milestoneDialog = page.getByRole("dialog", { name: "Add a milestone" });
  await milestoneDialog.getByLabel("Title").fill(title);
  await milestoneDialog.getByLabel(/^Billing share/).fill(sharePercent);
  await milestoneDialog.getByRole("button", { name: "Add Milestone" }).click();
  await expect(toast(page, "Milestone added")).toBeVisible();
}
