import { z } from "zod";
import { societyCodeSchema, WHOLE_SHARE_BP, WRITER_ROLES } from "../royalties/catalogue";
import { vatNumberSchema } from "./company-settings.table";
import { staffOnly } from "./crm-companies.table";
import { ipiSchema } from "./crm-contacts.table";
import { column, defineTable } from "./define-table";
import { isrcSchema, iswcSchema, upcSchema } from "./portfolio-items.table";

/** CWR carries a title in 60 characters: a longer one would be cut at registration. */
const cwrTitle = z
  .string()
  .trim()
  .min(1, "A title is needed")
  .max(60, "CWR titles are at most 60 characters");

const shareBp = (min: number) =>
  z
    .number()
    .int("A share is whole basis points")
    .min(min)
    .max(WHOLE_SHARE_BP, "A share is at most 100 % (10 000 basis points)");

const reserveBp = z
  .number()
  .int("A reserve is whole basis points")
  .min(0, "A reserve is not negative")
  .max(WHOLE_SHARE_BP, "A reserve is at most 100 % (10 000 basis points)");

/**
 * Periods a reserve is held: two half-years by default, so what was held is paid a year later, once the
 * late corrections of its earnings have come in; at most eight (four years) so nothing is held for ever.
 */
const reservePeriods = z
  .number()
  .int("A reserve is held for whole periods")
  .min(1, "A reserve is held for at least one period")
  .max(8, "A reserve is held for at most eight periods");

/** A musical work as the business registers and accounts for it. */
export const worksTable = defineTable({
  name: "works",
  area: "money",
  description:
    "the royalty catalogue's works: a permanent submitter work id, titles and ISWC, optionally a portfolio item (staff only)",
  columns: {
    id: column.uuid().withDefault(),
    /** Given by the server when the work is created (W000001), never changed: CWR's Submitter Work #. */
    submitter_work_id: column.text(14).generated(),
    title: column.text(60).refine(cwrTitle, "Midsommarnatt"),
    alternate_titles: column
      .textList(20, 60)
      .refine(z.array(cwrTitle).max(20, "At most 20 alternate titles"), [])
      .withDefault(),
    /** Stored as `T` and ten digits (T-123.456.789-4 is T1234567894). */
    iswc: column.text(11).refine(iswcSchema, "T1234567894").orNull(),
    portfolio_item_id: column.uuid().foreignKeyTo("portfolio_items").orNull(),
    created_at: column.timestamp().generated(),
    updated_at: column.timestamp().generated(),
  },
  defaultOrder: "title.asc",
  maxRows: 1000,
  policy: staffOnly,
});

/** Who wrote a work, in which role, and their manuscript share; a work's shares add up to at most 100 %. */
export const workWritersTable = defineTable({
  name: "work_writers",
  area: "money",
  description:
    "a work's writers: role, society, IPI, controlled flag and manuscript share in basis points; a work's shares add up to at most 100 % (staff only)",
  columns: {
    id: column.uuid().withDefault(),
    work_id: column.uuid().foreignKeyTo("works"),
    contact_id: column.uuid().foreignKeyTo("crm_contacts"),
    /** Needed, with society_code, when the business controls the writer (it registers them). */
    ipi_name_number: column.text(11).refine(ipiSchema, "00000000199").orNull(),
    society_code: column.text(3).refine(societyCodeSchema, "079").orNull(),
    role: column.enum(WRITER_ROLES),
    /** The business publishes this writer's share of the work. */
    // The sample controls nothing, so it needs no IPI or society.
    controlled: column.boolean().refine(z.boolean(), false).withDefault(),
    // The sample claims nothing, so it fits any work however much of it is already shared out.
    manuscript_share_bp: column.integer().refine(shareBp(0), 0),
    /** This work's publisher fee for the writer, overriding the payee's own; null takes the payee's. */
    publisher_fee_bp: column.integer().refine(shareBp(0), 2000).orNull(),
    created_at: column.timestamp().generated(),
    updated_at: column.timestamp().generated(),
  },
  defaultOrder: "created_at.asc",
  maxRows: 1000,
  policy: staffOnly,
});

/** A recording of a work, as distributors report it: by ISRC, and by the UPCs of its releases. */
export const recordingsTable = defineTable({
  name: "recordings",
  area: "money",
  description:
    "recordings: ISRC (stored without hyphens), release UPCs, duration and artist, optionally a work and a portfolio item (staff only)",
  columns: {
    id: column.uuid().withDefault(),
    work_id: column.uuid().foreignKeyTo("works").orNull(),
    title: column
      .text(200)
      .refine(z.string().trim().min(1, "A recording needs a title").max(200), "Midsommarnatt"),
    /** CC-XXX-YY-NNNNN stored as CCXXXYYNNNNN, upper case; one recording per ISRC. */
    isrc: column
      .text(12)
      .refine(isrcSchema, () => `SEABC${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`)
      .orNull(),
    /** The UPC or EAN-13 of each release the recording is on. */
    upcs: column.textList(20, 13).refine(z.array(upcSchema).max(20, "At most 20 releases"), []).withDefault(),
    duration_seconds: column.integer().refine(z.number().int().min(1).max(86_400), 215).orNull(),
    artist: column.text(200).orNull(),
    portfolio_item_id: column.uuid().foreignKeyTo("portfolio_items").orNull(),
    created_at: column.timestamp().generated(),
    updated_at: column.timestamp().generated(),
  },
  defaultOrder: "title.asc",
  maxRows: 1000,
  policy: staffOnly,
});

/** Who is paid from royalties, with their terms. */
export const royaltyPayeesTable = defineTable({
  name: "royalty_payees",
  area: "money",
  description:
    "who royalties are paid to, by name, linked to a contact or a company (not both): payout details, publisher fee and VAT registration (staff only)",
  columns: {
    id: column.uuid().withDefault(),
    /** As statements address the payee. */
    name: column.text(200).refine(z.string().trim().min(1, "A payee needs a name").max(200), "Alva Berg"),
    /** The payee in the CRM: a contact (a writer, an artist) or a company (a co-publisher, a label), not both. */
    contact_id: column.uuid().foreignKeyTo("crm_contacts").orNull(),
    company_id: column.uuid().foreignKeyTo("crm_companies").orNull(),
    /** Where the money goes (account, Bankgiro, notes), as free text. */
    payout_details: column.text(2000).orNull(),
    /** The business's fee on the payee's publishing income, unless a work says otherwise. */
    publisher_fee_bp: column.integer().refine(shareBp(0), 2000).withDefault(),
    /** A VAT-registered writer is paid with VAT on copyright royalties, on a self-billing invoice. */
    vat_registered: column.boolean().withDefault(),
    /** Their VAT number (SE…01), which each self-billing invoice names: needed to close a period that pays them. */
    vat_number: column.text(14).refine(vatNumberSchema, "SE556047352101").orNull(),
    /**
     * The part of each period's positive net earnings held back against later negative adjustments
     * (returns, a society's correction), released to the payee `reserve_periods` periods later.
     */
    reserve_bp: column.integer().refine(reserveBp, 1000).withDefault(),
    reserve_periods: column.integer().refine(reservePeriods, 2).withDefault(),
    created_at: column.timestamp().generated(),
    updated_at: column.timestamp().generated(),
  },
  defaultOrder: "created_at.asc",
  maxRows: 1000,
  policy: staffOnly,
});

/** A recording's master income split: payees and their shares, adding up to at most 100 %. */
export const recordingPayeesTable = defineTable({
  name: "recording_payees",
  area: "money",
  description:
    "a recording's master payees and their shares in basis points; a recording's shares add up to at most 100 % (staff only)",
  columns: {
    id: column.uuid().withDefault(),
    recording_id: column.uuid().foreignKeyTo("recordings"),
    payee_id: column.uuid().foreignKeyTo("royalty_payees"),
    // The smallest share, so the sample fits a recording however much of it is already shared out.
    share_bp: column.integer().refine(shareBp(1), 1),
    created_at: column.timestamp().generated(),
    updated_at: column.timestamp().generated(),
  },
  defaultOrder: "created_at.asc",
  maxRows: 1000,
  policy: staffOnly,
});

/**
 * Which fully signed split sheet divides a work's money, from which day: a line's money follows the sheet
 * in force on the day of its use, so a new sheet supersedes the old one from its day, never before it.
 */
export const workSplitSheetsTable = defineTable({
  name: "work_split_sheets",
  area: "money",
  description:
    "a work's fully signed split sheets and the day each is in force from; a line's money follows the sheet in force when it was used (staff only)",
  columns: {
    id: column.uuid().withDefault(),
    work_id: column.uuid().foreignKeyTo("works"),
    /** A legal document of the Split Sheet category, fully signed, whose writers make exactly 100 %. */
    legal_document_id: column.uuid().foreignKeyTo("legal_documents"),
    // A day of its own per sample, so samples for one work never meet its one-sheet-per-day rule.
    effective_from: column
      .date()
      .refine(column.date().schema, () =>
        new Date(Date.UTC(2000, 0, 1 + Math.floor(Math.random() * 10_000))).toISOString().slice(0, 10),
      ),
    created_at: column.timestamp().generated(),
    updated_at: column.timestamp().generated(),
  },
  defaultOrder: "effective_from.asc",
  maxRows: 1000,
  policy: staffOnly,
});
