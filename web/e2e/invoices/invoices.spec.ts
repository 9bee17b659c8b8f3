import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations, signInAsStaff, toast, uniqueTag } from "../crm/support";
import { storeCompanySettings } from "../money/support";

async function checkLayout(page: Page, width: number, where: string) {
  await expectNoSeriousViolations(page, where);
  if (width === 375) {
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `${where} scrolls sideways`).toBeLessThanOrEqual(375);
  }
}

async function addLine(
  page: Page,
  n: number,
  line: { description: string; quantity: string; price: string; vat: string },
) {
  await page.getByRole("button", { name: "Add line" }).click();
  await page.getByLabel(`Line ${n} description`).fill(line.description);
  await page.getByLabel(`Line ${n} quantity`).fill(line.quantity);
  await page.getByLabel(`Line ${n} unit price (kr)`).fill(line.price);
  await page.getByLabel(`Line ${n} VAT`).selectOption(line.vat);
}

// One after the other: both write the one company row, which the first of them may have to create.
test.describe.configure({ mode: "serial" });

for (const width of [375, 1280]) {
  test(`a draft invoice is written, issued and paid in full at ${width} px`, async ({ page, request }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 800 });
    // Issuing prints the seller: a complete, valid company row whatever another test left there.
    await storeCompanySettings(request);
    await signInAsStaff(page, request);
    const buyer = `Söder Songs ${uniqueTag()}`;

    await page.goto("/app/invoices");
    await expect(page.getByRole("heading", { level: 1, name: "Invoices" })).toBeVisible();
    await checkLayout(page, width, "invoices list");
    await page.getByRole("link", { name: "Approved but not invoiced" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Approved but not invoiced" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
    await checkLayout(page, width, "work approved but not invoiced");
    await page.getByRole("link", { name: "All invoices" }).click();
    await page.getByRole("button", { name: "New invoice" }).first().click();
    await expect(page.getByRole("form", { name: "Draft invoice" })).toBeVisible();

    await page.getByLabel("Buyer name").fill(buyer);
    await page.getByLabel("Street address").fill("Hornsgatan 1");
    await page.getByLabel("Postal code").fill("118 20");
    await page.getByLabel("City").fill("Stockholm");
    await page.getByLabel("Delivery date").fill("2026-11-20");
    await addLine(page, 1, { description: "Mixing, per song", quantity: "2", price: "1000", vat: "25" });
    await addLine(page, 2, { description: "Sheet music", quantity: "1,5", price: "200", vat: "6" });
    const totals = page.getByRole("region", { name: "Totals" });
    await expect(totals).toContainText("VAT 25 % on 2 000,00 kr500,00 kr");
    await expect(totals).toContainText("VAT 6 % on 300,00 kr18,00 kr");
    await expect(totals).toContainText("Total2 818,00 kr");
    await checkLayout(page, width, "draft invoice");

    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(toast(page, "Draft saved")).toBeVisible();
    await page.getByRole("button", { name: "Issue invoice" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Issue this invoice?" });
    await checkLayout(page, width, "issue confirmation");
    await confirm.getByRole("button", { name: "Issue invoice" }).click();
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(new RegExp(`^A\\d+: ${buyer}$`));
    await expect(page.getByRole("main").getByText("Issued", { exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "Totals" })).toContainText("Total2 818,00 kr");
    await checkLayout(page, width, "issued invoice");

    const payment = page.getByRole("form", { name: "Record payment" });
    await payment.getByLabel("Amount (kr)").fill("1000");
    await payment.getByLabel("Paid on").fill("2026-11-25");
    await payment.getByRole("button", { name: "Record payment" }).click();
    await expect(page.getByRole("main").getByText("Partially paid", { exact: true })).toBeVisible();
    await expect(page.getByText(/Balance: 1\s818,00/)).toBeVisible();
    await payment.getByLabel("Amount (kr)").fill("1 818,00");
    await payment.getByRole("button", { name: "Record payment" }).click();
    await expect(page.getByRole("main").getByText("Paid", { exact: true })).toBeVisible();
    await expect(page.getByRole("list", { name: "Payments received" }).getByRole("listitem")).toHaveCount(2);
    await expect(page.getByText(/Balance: 0,00/)).toBeVisible();
    await checkLayout(page, width, "paid invoice");

    const number = (await heading.textContent())?.split(":")[0] ?? "";
    await page.getByRole("link", { name: "All invoices" }).click();
    await page.getByLabel("Buyer", { exact: true }).fill(buyer);
    const row = page.getByRole("row").filter({ hasText: buyer });
    await expect(row.getByRole("link", { name: number })).toBeVisible();
    await expect(row).toContainText("Paid");
    await checkLayout(page, width, "invoices list with the paid invoice");
  });
}
