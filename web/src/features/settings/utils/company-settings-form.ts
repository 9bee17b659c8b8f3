import { SIE_ACCOUNT_DEFAULTS, type SieAccountColumn, tables, vatNumberBelongsTo } from "@app/contracts";
import type { z } from "zod";
import { nullIfBlank, numberOrNull, textOf } from "@/lib/form-values";
import { requireText } from "@/lib/require-text";
import type { TableRow } from "@/lib/table-writes";

export type CompanySettings = TableRow<"company_settings">;

/** The SIE export's accounts, in the order the form shows them, with what each one receives. */
export const SIE_ACCOUNT_FIELDS = [
  ["sie_account_sales_25", "Sales, 25 % VAT"],
  ["sie_account_sales_12", "Sales, 12 % VAT"],
  ["sie_account_sales_6", "Sales, 6 % VAT"],
  ["sie_account_sales_exempt", "Sales exempt from VAT"],
  ["sie_account_sales_reverse_charge", "Sales to EU businesses (reverse charge)"],
  ["sie_account_output_vat_25", "Output VAT 25 %"],
  ["sie_account_output_vat_12", "Output VAT 12 %"],
  ["sie_account_output_vat_6", "Output VAT 6 %"],
  ["sie_account_receivables", "Accounts receivable"],
  ["sie_account_bank", "Bank"],
  ["sie_account_rounding", "Rounding (öresavrundning)"],
] as const satisfies readonly (readonly [SieAccountColumn, string])[];
type SieAccountField = SieAccountColumn;

const TEXT_FIELDS = [
  "name",
  "street_address",
  "postal_code",
  "city",
  "country",
  "org_number",
  "vat_number",
  "bankgiro",
  "plusgiro",
  "email",
  "phone",
  "website",
  "default_payment_terms_days",
  "late_interest_text",
  "reminder_days_after_due",
] as const;

export type CompanySettingsFormValues = Record<(typeof TEXT_FIELDS)[number] | SieAccountField, string> & {
  f_skatt: boolean;
  /** Scheduled reminders on: the days field then says how long after the due date. */
  reminders_on: boolean;
  reminder_include_compensation: boolean;
};

/** What the days field offers when scheduled reminders are first turned on. */
const DEFAULT_REMINDER_DAYS = "7";

/** A new business starts in Sweden, on 30 days and the BAS chart's accounts (the table's own defaults). */
const NEW_COMPANY: Partial<Record<keyof CompanySettingsFormValues, string>> = {
  country: "SE",
  default_payment_terms_days: "30",
  reminder_days_after_due: DEFAULT_REMINDER_DAYS,
  ...SIE_ACCOUNT_DEFAULTS,
};

const ALL_TEXT = [...TEXT_FIELDS, ...SIE_ACCOUNT_FIELDS.map(([field]) => field)];

export function toCompanySettingsFormValues(settings?: CompanySettings | null): CompanySettingsFormValues {
  const values = Object.fromEntries(
    ALL_TEXT.map((field) => [field, settings ? textOf(settings[field]) : (NEW_COMPANY[field] ?? "")]),
  ) as Omit<CompanySettingsFormValues, "f_skatt" | "reminders_on" | "reminder_include_compensation">;
  const remindersOn = (settings?.reminder_days_after_due ?? null) !== null;
  return {
    ...values,
    reminder_days_after_due: remindersOn ? values.reminder_days_after_due : DEFAULT_REMINDER_DAYS,
    f_skatt: settings?.f_skatt ?? false,
    reminders_on: remindersOn,
    reminder_include_compensation: settings?.reminder_include_compensation ?? false,
  };
}

const OPTIONAL = new Set<string>(["plusgiro", "late_interest_text"]);

export function toCompanySettingsPayload(values: CompanySettingsFormValues): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    f_skatt: values.f_skatt,
    reminder_include_compensation: values.reminder_include_compensation,
  };
  for (const field of ALL_TEXT) {
    const text = textOf(values[field]);
    if (field === "reminder_days_after_due")
      // Off is null; on, a blank field is "" so the schema asks for the days rather than turning it off.
      payload[field] = values.reminders_on ? (numberOrNull(text) ?? "") : null;
    else if (field === "default_payment_terms_days") payload[field] = numberOrNull(text);
    else if (OPTIONAL.has(field)) payload[field] = nullIfBlank(text);
    else payload[field] = text.trim();
  }
  return payload;
}

const REQUIRED_TEXT = ["name", "street_address", "postal_code", "city"];

/**
 * The table's schema, and the rule the server checks across two columns: the VAT number is the
 * organisation number's, so a mismatch is shown on the VAT field before anything is sent.
 */
function withVatOfOrgNumber<T extends z.ZodTypeAny>(schema: T) {
  return requireText(schema, REQUIRED_TEXT).superRefine((value: Record<string, unknown>, ctx) => {
    const { vat_number: vat, org_number: org } = value;
    if (typeof vat === "string" && typeof org === "string" && !vatNumberBelongsTo(vat, org))
      ctx.addIssue({
        code: "custom",
        path: ["vat_number"],
        message: "The VAT number is SE, the organisation number's ten digits, then 01",
      });
  });
}

export const companySettingsInsertSchema = withVatOfOrgNumber(tables.company_settings.insert);
export const companySettingsUpdateSchema = withVatOfOrgNumber(tables.company_settings.update);
