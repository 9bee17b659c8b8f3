import { sampleRow, tables } from "@app/contracts";
import { describe, expect, it } from "vitest";
import {
  type CompanySettings,
  type CompanySettingsFormValues,
  companySettingsInsertSchema,
  toCompanySettingsFormValues,
  toCompanySettingsPayload,
} from "@/features/settings/utils/company-settings-form";

/** The table's own sample row: details the server accepts. */
const VALID: CompanySettingsFormValues = {
  ...toCompanySettingsFormValues(null),
  ...(sampleRow(tables.company_settings) as Record<string, string>),
};

/** The first message the schema gives each field, as the form shows it under that field. */
function problems(values: CompanySettingsFormValues) {
  const result = companySettingsInsertSchema.safeParse(toCompanySettingsPayload(values));
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join(".")] ??= issue.message;
  return out;
}

describe("company settings form", () => {
  it("starts a new business in Sweden on 30 days with the BAS chart's accounts, and accepts valid details", () => {
    const payload = toCompanySettingsPayload(VALID);
    expect(payload).toMatchObject({
      country: "SE",
      default_payment_terms_days: 30,
      plusgiro: null,
      late_interest_text: null,
      f_skatt: false,
      sie_account_sales_25: "3041",
      sie_account_rounding: "3740",
    });
    expect(problems(VALID)).toEqual({});
  });

  it("sends the reminder days only while scheduled reminders are on, and asks for 1–90 days then", () => {
    const off = { ...VALID, reminders_on: false, reminder_days_after_due: "7" };
    expect(toCompanySettingsPayload(off)).toMatchObject({ reminder_days_after_due: null });
    const on = {
      ...VALID,
      reminders_on: true,
      reminder_days_after_due: "14",
      reminder_include_compensation: true,
    };
    expect(toCompanySettingsPayload(on)).toMatchObject({
      reminder_days_after_due: 14,
      reminder_include_compensation: true,
    });
    expect(problems(on)).toEqual({});
    for (const days of ["", "0", "91"])
      expect(problems({ ...on, reminder_days_after_due: days }).reminder_days_after_due, days).toBeTruthy();
    const stored = sampleRow(tables.company_settings) as unknown as CompanySettings;
    expect(toCompanySettingsFormValues({ ...stored, reminder_days_after_due: null })).toMatchObject({
      reminders_on: false,
      reminder_days_after_due: "7",
    });
    expect(toCompanySettingsFormValues({ ...stored, reminder_days_after_due: 30 })).toMatchObject({
      reminders_on: true,
      reminder_days_after_due: "30",
    });
  });

  it.each([
    ["org_number", { org_number: "556047-3522" }, "This organisation number's check digit does not match"],
    ["org_number", { org_number: "5560473521" }, "An organisation number is written NNNNNN-NNNN"],
    ["vat_number", { vat_number: "556047352101" }, "A Swedish VAT number is written SE"],
    [
      "vat_number",
      { vat_number: "SE556016068001" },
      "The VAT number is SE, the organisation number's ten digits, then 01",
    ],
    ["bankgiro", { bankgiro: "160-9909" }, "This Bankgiro number's check digit does not match"],
    ["sie_account_bank", { sie_account_bank: "193" }, "A BAS account is four digits"],
    ["name", { name: "  " }, "Required"],
    ["default_payment_terms_days", { default_payment_terms_days: "400" }, ""],
  ])("refuses a wrong %s with the schema's message", (field, change, message) => {
    expect(problems({ ...VALID, ...change })[field]).toContain(message);
  });
});
