import { z } from "zod";
import { isValidBankgiro, isValidSwedishVatNumber } from "../identifiers";
import { orgNumberSchema } from "./crm-companies.table";
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
