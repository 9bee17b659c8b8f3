import { expect, test } from "@playwright/test";
import { boardColumn, signInAsStaff } from "./support";

/*
 * Runs against its own server started with SEED_DEMO=false (see playwright.config.ts): a first run with
 * nothing in the CRM shows the spec's empty states, never made-up numbers.
 */
test("an empty database shows the spec's empty states", async ({ page, request }) => {
  await signInAsStaff(page, request);
  // A stat card's figure is the paragraph after its heading's row.
  const figure = (label: string) =>
    page.getByRole("heading", { name: label }).first().locator("xpath=../following-sibling::p[1]");

  await expect(figure("Pipeline Value")).toHaveText(/^SEK\s0$/);
  await expect(figure("Today's Sessions")).toHaveText("0");
  await expect(figure("Active Projects")).toHaveText("0");
  await expect(figure("Open Approvals")).toHaveText("0");
  await expect(figure("Receivables")).toHaveText(/^SEK\s0$/);
  for (const stage of ["prospect", "negotiation", "contract", "won"]) {
    await expect(page.getByRole("row", { name: new RegExp(`^${stage} 0 SEK\\s0$`) })).toBeVisible();
  }

  await page.goto("/app/crm");
  for (const label of [
    "Matches Made",
    "Sessions Booked",
    "Active Briefs",
    "New Releases",
    "Contracts Signed",
  ]) {
    await expect(figure(label)).toHaveText("0");
  }
  // Real money: nothing imported yet.
  await expect(figure("Royalty Accrual")).toHaveText(/^0,00\skr$/);
  await expect(page.getByText("Everyone has been in touch recently.")).toBeVisible();

  await page.goto("/app/crm/talent");
  await expect(page.getByRole("heading", { name: "No Talent Found" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Talent" })).toHaveCount(2);
  await page.goto("/app/crm/contacts");
  await expect(page.getByRole("heading", { name: "No Contacts Found" })).toBeVisible();
  await page.goto("/app/crm/companies");
  await expect(page.getByRole("heading", { name: "No Companies Found" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Company" })).toBeVisible();
  await page.goto("/app/crm/briefs");
  for (const status of ["Draft", "Sourcing", "In Session", "In Review", "Shipped"]) {
    await expect(boardColumn(page, status).getByRole("heading")).toContainText(/0$/);
  }
  await page.goto("/app/crm/deals");
  for (const stage of ["Prospect", "Negotiation", "Contract", "Won", "Lost"]) {
    await expect(boardColumn(page, stage)).toContainText("No deals yet.");
    await expect(boardColumn(page, stage)).toContainText(/SEK\s0/);
  }
  await page.goto("/app/crm/sessions");
  await expect(page.getByRole("heading", { name: "No Sessions Found" })).toBeVisible();
  await page.goto("/app/activity");
  await expect(page.getByRole("heading", { name: "No activity found" })).toBeVisible();

  await page.goto("/app/legal");
  for (const label of ["Total Documents", "Templates", "Clauses", "Awaiting Signatures"]) {
    await expect(figure(label)).toContainText(/0$/);
  }
  await expect(page.getByRole("heading", { name: "No documents created yet" })).toBeVisible();
  await page.getByRole("tab", { name: "Templates" }).click();
  await expect(page.getByRole("heading", { name: "No templates available yet" })).toBeVisible();
  await page.getByRole("tab", { name: "Clauses" }).click();
  await expect(page.getByRole("heading", { name: "No clauses in library yet" })).toBeVisible();
  await page.goto("/app/legal/documents");
  await expect(page.getByRole("heading", { name: "No documents found" })).toBeVisible();
  await page.goto("/app/legal/templates");
  await expect(page.getByRole("heading", { name: "No templates found" })).toBeVisible();
  await expect(page.getByText("Try adjusting your search or filters")).toBeVisible();
  await page.goto("/app/legal/clauses");
  await expect(page.getByRole("heading", { name: "No clauses found" })).toBeVisible();
  await expect(page.getByText("Create your first reusable clause to get started")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create Clause" })).toBeVisible();
});
