import { expect, type Page, test } from "@playwright/test";
import { signInAsStaff, toast, uniqueTag } from "../crm/support";
import { approvalLinkFor, createDeliverable, sendForApproval, uploadVersion } from "../deliverables/support";
import { staffHeaders } from "../legal/support";
import { addMilestone, createProjectFromDeal, createWonDeal } from "../projects/support";
import { storeCompanySettings } from "./support";

/** An amount the app shows as "SEK 3,750" or "SEK 3,750.50", in whole öre. */
const oreOf = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, "")) * 100);

/** The dashboard's figures this test moves: each read from its card on a fresh load of the page. */
async function dashboardFigures(page: Page) {
  await page.goto("/app");
  const figure = (label: string) => page.getByRole("link", { name: new RegExp(` ${label}$`) });
  // The cards read their data on their own; a dash is a card still loading.
  for (const label of ["Active Projects", "Receivables"]) await expect(figure(label)).not.toHaveText("–");
  const hint = await page.getByText(/ paid this month$/).textContent();
  return {
    activeProjects: Number(await figure("Active Projects").textContent()),
    outstandingOre: oreOf((await figure("Receivables").textContent()) ?? ""),
    paidThisMonthOre: oreOf(hint?.split("·")[1] ?? ""),
  };
}

test("a won deal is worked, approved by the client, invoiced, issued and paid; the dashboard follows", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  // Issuing prints the seller: a complete, valid company row whatever another test left there.
  await storeCompanySettings(request);
  const user = await signInAsStaff(page, request);
  const before = await dashboardFigures(page);
  const tag = uniqueTag();
  const today = new Date().toISOString().slice(0, 10);
  const title = `Single ${tag}`;

  await createWonDeal(page, title, "10 000");
  await createProjectFromDeal(page, title);
  const projectPage = page.url();
  const code = ((await page.getByText(/^P-\d{4}-\d{3,} · /).textContent()) ?? "").split(" ")[0] ?? "";
  await addMilestone(page, "Signing", "30");
  await page.getByRole("button", { name: /^Mark reached\s*: Signing$/ }).click();
  await expect(toast(page, "Milestone reached")).toBeVisible();

  const deliverable = `Master ${tag}`;
  const sheet = await createDeliverable(page, { code, title }, deliverable);
  await uploadVersion(page, sheet, "Final master");
  const client = `client-${tag}@example.se`;
  await sendForApproval(page, sheet, client);
  const context = await browser.newContext();
  const approver = await context.newPage();
  await approver.goto(await approvalLinkFor(request, client));
  await approver.getByRole("button", { name: "Approve" }).click();
  await expect(approver.getByRole("heading", { level: 1, name: "Approved" })).toBeVisible();
  await context.close();

  await page.goto(projectPage);
  await page.getByRole("button", { name: "Create invoice" }).click();
  await expect(toast(page, "Draft invoice created")).toBeVisible();
  await expect(page).toHaveURL(/\/app\/invoices\/[0-9a-f-]{36}$/);
  const invoiceId = page.url().split("/").pop() as string;
  // 30 % of the SEK 10,000 budget; the approved master comes in unpriced, for staff to price.
  await expect(page.getByLabel("Line 1 description")).toHaveValue(`${title}: Signing`);
  await expect(page.getByLabel("Line 1 unit price (kr)")).toHaveValue("3000,00");
  await expect(page.getByLabel("Line 2 description")).toHaveValue(deliverable);
  await page.getByLabel("Line 2 unit price (kr)").fill("1000");
  // The deal named no company: the buyer's address and the delivery date a full invoice shows.
  await page.getByLabel("Street address").fill("Hornsgatan 1");
  await page.getByLabel("Postal code").fill("118 20");
  await page.getByLabel("City").fill("Stockholm");
  await page.getByLabel("Delivery date").fill(today);
  await expect(page.getByRole("region", { name: "Totals" })).toContainText("Total5 000,00 kr");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(toast(page, "Draft saved")).toBeVisible();
  await page.getByRole("button", { name: "Issue invoice" }).click();
  await page
    .getByRole("alertdialog", { name: "Issue this invoice?" })
    .getByRole("button", { name: "Issue invoice" })
    .click();
  await expect(page.getByRole("main").getByText("Issued", { exact: true })).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download PDF" }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = await page.request.get(`/api/invoices/${invoiceId}/pdf`, {
    headers: await staffHeaders(request, user),
  });
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");

  const payment = page.getByRole("form", { name: "Record payment" });
  await payment.getByLabel("Amount (kr)").fill("5 000");
  await payment.getByLabel("Paid on").fill(today);
  await payment.getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByRole("main").getByText("Paid", { exact: true })).toBeVisible();

  const after = await dashboardFigures(page);
  expect(after).toEqual({
    activeProjects: before.activeProjects + 1,
    // Issued and paid in full: nothing more is owed, and the whole total was paid this month.
    outstandingOre: before.outstandingOre,
    paidThisMonthOre: before.paidThisMonthOre + 500_000,
  });
});
