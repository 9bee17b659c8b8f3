import { z } from "zod";
import { isValidBankgiro, isValidSwedishVatNumber } from "../identifiers";
import { societyCodeSchema } from "../royalties/catalogue";
import { orgNumberSchema } from "./crm-companies.table";
import { ipiSchema } from "./crm-contacts.table";
import { column, defineTable } from "./define-table";

export const vatNumberSchema = z
  .string()
  .regex(
    /^SE\d{12}$/,
    "A Swedish VAT number is written SE, the ten digits of the organisation number, then 01",
  )
  .refine(isValidSwedishVatNumber, "This VAT number's check digit does not match");

export const bankgiroSchema = z
  .string()
  .regex(/^\d{3,4}-\d{4}$/, "A Bankgiro number is written NNN-NNNN or NNNN-NNNN")
  .refine(isValidBankgiro, "This Bankgiro number's check digit does not match");

/** Plusgiro's check digit is not pinned down in our sources, so only its written form is held to. */
export const plusgiroSchema = z.string().regex(/^\d{1,7}-\d$/, "A Plusgiro number is written NNNNNNN-N");

/** A BAS account number, as a SIE file names it. */
export const basAccountSchema = z.string().regex(/^\d{4}$/, "A BAS account is four digits, such as 3041");
const account = (bas: string) => column.text(4).refine(basAccountSchema, bas).withDefault();

/**
 * Where the SIE export posts each part of an invoice and payment, by default the BAS chart's accounts:
 * sales per VAT rate (0 is exempt), sales of services to a business in another EU country (which
 * accounts for the VAT itself), output VAT per rate, receivables, bank, and öres- och kronutjämning.
 */
export const SIE_ACCOUNT_DEFAULTS = {
  sie_account_sales_25: "3041",
  sie_account_sales_12: "3042",
  sie_account_sales_6: "3043",
  sie_account_sales_exempt: "3044",
  sie_account_sales_reverse_charge: "3308",
  sie_account_output_vat_25: "2611",
  sie_account_output_vat_12: "2621",
  sie_account_output_vat_6: "2631",
  sie_account_receivables: "1510",
  sie_account_bank: "1930",
  sie_account_rounding: "3740",
} as const;
export type SieAccountColumn = keyof typeof SIE_ACCOUNT_DEFAULTS;

const sieAccountColumns = Object.fromEntries(
  Object.entries(SIE_ACCOUNT_DEFAULTS).map(([name, bas]) => [name, account(bas)]),
) as Record<SieAccountColumn, ReturnType<typeof account>>;

/** The seller on every invoice: the business's own details, one row that only administrators change. */
export const companySettingsTable = defineTable({
  name: "company_settings",
  area: "money",
  description: "the business's own details as its invoices print them: one row (staff read, admins write)",
  columns: {
    id: column.uuid().withDefault(),
    name: column.text(200),
    street_address: column.text(200),
    postal_code: column.text(20),
    city: column.text(100),
    /** ISO 3166 alpha-2. */
    country: column
      .text(2)
      .refine(z.string().regex(/^[A-Z]{2}$/, "A country is its two-letter ISO code, such as SE"), "SE")
      .withDefault(),
    org_number: column.text(11).refine(orgNumberSchema, "556047-3521"),
    /** Its ten digits are org_number's (checked by the money module, which sees both). */
    vat_number: column.text(14).refine(vatNumberSchema, "SE556047352101"),
    bankgiro: column.text(9).refine(bankgiroSchema, "160-9908"),
    plusgiro: column.text(9).refine(plusgiroSchema, "4020001-9").orNull(),
    /** Approved for F-tax: the invoice then prints "Godkänd för F-skatt". */
    f_skatt: column.boolean().withDefault(),
    email: column
      .text(254)
      .refine(z.string().max(254).email("An e-mail address is needed"), "faktura@example.se"),
    phone: column
      .text(30)
      .refine(
        z.string().regex(/^\+?[\d\s()-]{5,30}$/, "A phone number is digits, spaces and +()-"),
        "08-123 456 78",
      ),
    website: column.webAddress("https://example.se/"),
    default_payment_terms_days: column.integer().refine(z.number().int().min(0).max(365), 30).withDefault(),
    late_interest_text: column.text(500).orNull(),
    /** The business as publisher in CWR registrations: its IPI name number. */
    cwr_publisher_ipi: column.text(11).refine(ipiSchema, "00000000199").orNull(),
    /** Its CISAC CWR sender code (two or three letters), which names its CWR files. */
    cwr_sender_code: column
      .text(3)
      .refine(
        z.string().regex(/^[A-Z0-9]{2,3}$/, "A CWR sender code is two or three capital letters or digits"),
        "MPB",
      )
      .orNull(),
    /** The societies that collect its performing and its mechanical rights (079 STIM, 048 NCB). */
    cwr_pr_society: column.text(3).refine(societyCodeSchema, "079").orNull(),
    cwr_mr_society: column.text(3).refine(societyCodeSchema, "048").orNull(),
    ...sieAccountColumns,
    created_at: column.timestamp().generated(),
    updated_at: column.timestamp().generated(),
  },
  defaultOrder: "created_at.asc",
  maxRows: 1,
  policy: {
    select: ["staff", "admin"],
    insert: ["admin"],
    update: ["admin"],
    delete: ["admin"],
  },
});
