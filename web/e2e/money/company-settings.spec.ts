import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations, signInAsStaff, toast } from "../crm/support";
import { signInAsAdmin } from "../team/support";
import { storeCompanySettings } from "./support";

/*
 * The company's details are one row shared by every test of the run, so each test writes the whole of
 * what it checks rather than assuming what an earlier one left.
 */

const WIDTHS = [375, 1280];

const form = (page: Page) => page.getByRole("form", { name: "Company details" });

async function fillSeller(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values))
    await form(page).getByLabel(label, { exact: true }).fill(value);
}

const VALID = {
  "Company name": "Slussen Sound AB",
  "Street address": "Götgatan 14",
  "Postal code": "118 46",
  City: "Stockholm",
  "Country (two-letter code)": "SE",
  "Organisation number": "556047-3521",
  "VAT number": "SE556047352101",
  Bankgiro: "160-9908",
  "Invoice e-mail": "faktura@slussensound.example.se",
  Phone: "08-123 456 78",
  Website: "https://slussensound.example.se/",
  "Payment terms (days)": "30",
};

for (const width of WIDTHS) {
  test(`an administrator enters the company's details and SIE accounts, checked as typed, at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page, "/app/settings/company");
    await expect(page.getByRole("heading", { level: 1, name: "Company" })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Settings pages" }).getByRole("link", { name: "Company" }),
    ).toHaveAttribute("aria-current", "page");

    // Wrong check digits and a VAT number of another company: each told under its own field, nothing saved.
    await fillSeller(page, {
      ...VALID,
      "Organisation number": "556047-3522",
      "VAT number": "SE556016068001",
      Bankgiro: "160-9909",
    });
    await form(page).getByLabel("Bank", { exact: true }).fill("193");
    await form(page).getByRole("button", { name: "Save Company Details" }).click();
    await expect(form(page).getByText("This organisation number's check digit does not match")).toBeVisible();
    await expect(form(page).getByText("This Bankgiro number's check digit does not match")).toBeVisible();
    await expect(form(page).getByText("A BAS account is four digits, such as 3041")).toBeVisible();
    await expect(form(page).getByLabel("Organisation number", { exact: true })).toBeFocused();
    await expectNoSeriousViolations(page, `company settings with problems at ${width}`);

    await fillSeller(page, { ...VALID, "VAT number": "SE556016068001" });
    await form(page).getByRole("button", { name: "Save Company Details" }).click();
    await expect(
      form(page).getByText("The VAT number is SE, the organisation number's ten digits, then 01"),
    ).toBeVisible();

    const bank = width === 375 ? "1920" : "1930";
    await fillSeller(page, VALID);
    await form(page).getByLabel("Bank", { exact: true }).fill(bank);
    await form(page).getByLabel("Sales, 25 % VAT").fill("3001");
    await form(page)
      .getByRole("checkbox", { name: /Approved for F-tax/ })
      .check();
    const reminders = form(page).getByRole("checkbox", { name: "Send reminders automatically" });
    await reminders.check();
    await form(page).getByLabel("Days after the due date (1–90)").fill("14");
    await form(page)
      .getByRole("checkbox", { name: /450 kr late-payment compensation/ })
      .check();
    await form(page).getByRole("button", { name: "Save Company Details" }).click();
    await expect(toast(page, "Company details saved")).toBeVisible();

    await page.reload();
    await expect(form(page).getByLabel("Organisation number", { exact: true })).toHaveValue("556047-3521");
    await expect(form(page).getByLabel("VAT number", { exact: true })).toHaveValue("SE556047352101");
    await expect(form(page).getByLabel("Bank", { exact: true })).toHaveValue(bank);
    await expect(form(page).getByLabel("Sales, 25 % VAT")).toHaveValue("3001");
    await expect(form(page).getByLabel("Rounding (öresavrundning)")).toHaveValue("3740");
    await expect(form(page).getByRole("checkbox", { name: /Approved for F-tax/ })).toBeChecked();
    await expect(form(page).getByLabel("Days after the due date (1–90)")).toHaveValue("14");
    await expect(
      form(page).getByRole("checkbox", { name: /450 kr late-payment compensation/ }),
    ).toBeChecked();
    await expectNoSeriousViolations(page, `company settings at ${width}`);
    // Off again, so the server reminds no other test's invoices.
    await reminders.uncheck();
    await form(page).getByRole("button", { name: "Save Company Details" }).click();
    await expect(toast(page, "Company details saved")).toBeVisible();
  });

  test(`a colleague who is not an administrator reads the company's details at ${width} px`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await storeCompanySettings(request, { org_number: "556016-0680", vat_number: "SE556016068001" });
    await signInAsStaff(page, request, "/app/settings/company");
    await expect(page.getByRole("heading", { level: 1, name: "Company" })).toBeVisible();
    const seller = page.getByRole("region", { name: "Seller details" });
    await expect(seller.getByText("556016-0680")).toBeVisible();
    await expect(seller.getByText("SE556016068001")).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Bookkeeping accounts (SIE)" }).getByText("Rounding (öresavrundning)"),
    ).toBeVisible();
    await expect(page.getByRole("form", { name: "Company details" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Save Company Details" })).toHaveCount(0);
    await expectNoSeriousViolations(page, `company settings read-only at ${width}`);
  });
}
