import { z } from "zod";
import {
  DISTROKID_TSV_MAPPING,
  type RoyaltyColumnMapping,
  royaltyColumnMappingSchema,
  SOCIETY_SEK_MAPPING,
  TUNECORE_CSV_MAPPING,
} from "../royalty-mapping";
import { staffOnly } from "./crm-companies.table";
import { column, defineTable, type Policy } from "./define-table";

/** The statement formats the server reads without a mapping of the source's own, by key. */
export const BUILT_IN_ROYALTY_MAPPING_BY_KEY = {
  distrokid_tsv: DISTROKID_TSV_MAPPING,
  tunecore_csv: TUNECORE_CSV_MAPPING,
  society_sek: SOCIETY_SEK_MAPPING,
} satisfies Record<string, RoyaltyColumnMapping>;
export const ROYALTY_MAPPING_KEYS = ["distrokid_tsv", "tunecore_csv", "society_sek", "custom"] as const;
export type RoyaltyMappingKey = (typeof ROYALTY_MAPPING_KEYS)[number];

export const ROYALTY_SOURCE_KINDS = ["distributor", "society", "publisher", "youtube", "sync"] as const;
export const ROYALTY_PERIOD_STATUSES = ["open", "previewed", "closed"] as const;
export type RoyaltyPeriodStatus = (typeof ROYALTY_PERIOD_STATUSES)[number];
/** How a statement line found its work or recording, strongest first, then by hand. */
export const ROYALTY_MATCH_METHODS = [
  "isrc",
  "upc_title",
  "iswc",
  "work_number",
  "title_writer",
  "alias",
  "manual",
] as const;
export type RoyaltyMatchMethod = (typeof ROYALTY_MATCH_METHODS)[number];
/** The identifier a remembered match is keyed by, as a line carries it (normalised). */
export const ROYALTY_ALIAS_KINDS = ["isrc", "upc", "iswc", "work_number", "title"] as const;
export type RoyaltyAliasKind = (typeof ROYALTY_ALIAS_KINDS)[number];

export const currencySchema = z.string().regex(/^[A-Z]{3}$/, "A currency is its ISO 4217 code, such as SEK");

let sampleSources = 0;

/** Read by staff; written only by the server (an import, a match, a close), never through the data API. */
export const serverWritten: Policy = { select: ["staff", "admin"], insert: [], update: [], delete: [] };

/**
 * Where royalty money comes from (a distributor, a society, …) and how its statement files are read: a
 * built-in mapping by its key, or a mapping staff built, so the next file of the source imports as is.
 */
export const royaltySourcesTable = defineTable({
  name: "royalty_sources",
  area: "money",
  description: "where royalty statements come from, each with its saved column mapping (staff only)",
  columns: {
    id: column.uuid().withDefault(),
    name: column
      .text(200)
      .refine(z.string().trim().min(1, "A source needs a name").max(200), () => `Source ${++sampleSources}`),
    kind: column.enum(ROYALTY_SOURCE_KINDS),
    /** A built-in mapping's key (a statement format the server knows), or "custom" for `mapping`. */
    // The sample source reads a built-in format, so it has no mapping of its own.
    mapping_key: column.enum(ROYALTY_MAPPING_KEYS).refine(z.enum(ROYALTY_MAPPING_KEYS), "distrokid_tsv"),
    /** The column mapping staff built for this source's files: set exactly when mapping_key is "custom". */
    mapping: column.json(royaltyColumnMappingSchema).orNull(),
    default_currency: column.text(3).refine(currencySchema, "SEK").withDefault(),
    created_at: column.timestamp().generated(),
    updated_at: column.timestamp().generated(),
  },
  defaultOrder: "name.asc",
  maxRows: 500,
  policy: staffOnly,
});

/**
 * An accounting period (a half-year, say). Its status moves open → previewed → closed only through the
 * royalty RPCs; a closed period never changes again, and corrections go into a later one.
 */
export const royaltyPeriodsTable = defineTable({
  name: "royalty_periods",
  area: "money",
  description: "royalty accounting periods: open → previewed → closed, moved only by the royalty RPCs",
  columns: {
    id: column.uuid().withDefault(),
    name: column.text(100).refine(z.string().trim().min(1, "A period needs a name").max(100), "2026 H1"),
    // Not after ends_on (a check on both engines): the samples are a half-year in that order.
    starts_on: column.date().refine(column.date().schema, "2026-01-01"),
    ends_on: column.date().refine(column.date().schema, "2026-06-30"),
    status: column.enum(ROYALTY_PERIOD_STATUSES).generated(),
    /** Money received in the period's imports, in öre: set when the period is closed. */
    received_ore: column.integer().orNull().generated(),
    /** What of it stays unpaid (unmatched lines, works without a fully signed split): set at close. */
    suspense_ore: column.integer().orNull().generated(),
    /** The suspense itemised at close (unmatched lines, works and recordings held, and why). */
    suspense: column.json(z.record(z.unknown())).orNull().generated(),
    closed_at: column.timestamp().orNull().generated(),
    created_at: column.timestamp().generated(),
    updated_at: column.timestamp().generated(),
  },
  defaultOrder: "starts_on.desc",
  maxRows: 500,
  policy: staffOnly,
});

/** One statement file imported, once: its SHA-256 is unique, so the same file is never counted twice. */
export const royaltyImportsTable = defineTable({
  name: "royalty_imports",
  area: "money",
  description: "statement files imported (one row each, written only by the import)",
  columns: {
    id: column.uuid().withDefault(),
    source_id: column.uuid().foreignKeyTo("royalty_sources"),
    period_id: column.uuid().foreignKeyTo("royalty_periods"),
    file_name: column.text(255),
    file_sha256: column.text(64),
    encoding: column.text(20),
    currency: column.text(3).refine(currencySchema, "SEK"),
    /** SEK per unit of `currency`, as an exact decimal string; null when the statement is in SEK. */
    rate: column.text(40).orNull(),
    lines: column.integer(),
    matched: column.integer(),
    unmatched: column.integer(),
    total_ore: column.integer(),
    created_by: column.uuid().orNull(),
    created_at: column.timestamp().generated(),
  },
  defaultOrder: "created_at.desc",
  maxRows: 500,
  policy: serverWritten,
});

/** A line of an imported statement, with what it was matched to. */
export const royaltyLinesTable = defineTable({
  name: "royalty_lines",
  area: "money",
  description: "the lines of imported statements and their matches (written only by imports and matching)",
  columns: {
    id: column.uuid().withDefault(),
    import_id: column.uuid().foreignKeyTo("royalty_imports"),
    /** The line's row in its file (the header is row 1). */
    row_number: column.integer(),
    /** When the use happened (an adjustment may name an earlier month), apart from the statement's period. */
    usage_period: column.text(20).orNull(),
    store: column.text(200).orNull(),
    territory: column.text(50).orNull(),
    isrc: column.text(12).orNull(),
    upc: column.text(14).orNull(),
    iswc: column.text(11).orNull(),
    work_number: column.text(50).orNull(),
    title: column.text(500).orNull(),
    artist: column.text(500).orNull(),
    /** The right the money is for as the statement names it (PR, MR, SR…); null when it does not say. */
    right_type: column.text(20).orNull(),
    /** Units as the statement gives them: an exact decimal string. */
    quantity: column.text(40).orNull(),
    /** The amount in `currency` as an exact decimal string, never a float. */
    amount: column.text(60),
    currency: column.text(3).refine(currencySchema, "SEK"),
    amount_ore: column.integer(),
    work_id: column.uuid().foreignKeyTo("works").orNull(),
    recording_id: column.uuid().foreignKeyTo("recordings").orNull(),
    match_method: column.enum(ROYALTY_MATCH_METHODS).orNull(),
  },
  defaultOrder: "row_number.asc",
  maxRows: 1000,
  policy: serverWritten,
});

/**
 * A manual match remembered for a source: lines of its later files with the same identifier match the
 * same work or recording. Made by match_royalty_line; staff may forget one.
 */
export const royaltyAliasesTable = defineTable({
  name: "royalty_aliases",
  area: "money",
  description: "manual matches remembered per source (made by match_royalty_line; staff may delete one)",
  columns: {
    id: column.uuid().withDefault(),
    source_id: column.uuid().foreignKeyTo("royalty_sources"),
    identifier_kind: column.enum(ROYALTY_ALIAS_KINDS),
    /** The identifier as lines are compared: normalised (no hyphens or spaces, upper case). */
    identifier: column.text(500),
    work_id: column.uuid().foreignKeyTo("works").orNull(),
    recording_id: column.uuid().foreignKeyTo("recordings").orNull(),
    created_by: column.uuid().orNull(),
    created_at: column.timestamp().generated(),
  },
  defaultOrder: "created_at.desc",
  maxRows: 500,
  policy: { ...serverWritten, delete: ["staff", "admin"] },
});

const earningsSchema = z.array(
  z.object({
    key: z.string(),
    gross_ore: z.number().int(),
    fee_ore: z.number().int(),
    net_ore: z.number().int(),
  }),
);
export const statementBreakdownSchema = z.object({
  by_source: earningsSchema,
  by_item: earningsSchema,
  by_right: earningsSchema,
});
export const heldReserveSchema = z.object({
  held_in: z.number().int(),
  release_in: z.number().int(),
  amount_ore: z.number().int(),
});

/** A payee's figures for a closed period, as the allocation made them; written only by closing it. */
export const royaltyStatementsTable = defineTable({
  name: "royalty_statements",
  area: "money",
  description: "each payee's statement for a closed period (written only by close_royalty_period)",
  columns: {
    id: column.uuid().withDefault(),
    period_id: column.uuid().foreignKeyTo("royalty_periods"),
    payee_id: column.uuid().foreignKeyTo("royalty_payees"),
    opening_balance_ore: column.integer(),
    /** The payee's part of the money matched to them, before the publisher fee. */
    earnings_ore: column.integer(),
    fee_ore: column.integer(),
    reserve_held_ore: column.integer(),
    reserve_released_ore: column.integer(),
    /** Advances paid in the period, and what earnings recouped of all advances outstanding. */
    advances_ore: column.integer(),
    recouped_ore: column.integer(),
    /** Advances still to recoup after the period. */
    unrecouped_ore: column.integer(),
    /** opening + earnings − fee − reserve held + reserve released − recouped. */
    closing_balance_ore: column.integer(),
    /** Paid out: the positive closing balance, once every advance is recouped. */
    payable_ore: column.integer(),
    /** What the next period opens with: closing balance − payable. */
    carried_forward_ore: column.integer(),
    /** Earnings (gross, fee, net) by source, by work or recording and by right, as the statement prints them. */
    breakdown: column.json(statementBreakdownSchema, { by_source: [], by_item: [], by_right: [] }),
    /** Reserves held and not yet released, each with the period it is released in. */
    reserves_outstanding: column.json(z.array(heldReserveSchema), []),
    /** The payee's own self-billing invoice number, when the business pays a VAT-registered payee. */
    self_billing_number: column.text(40).orNull(),
    /** A self-billing invoice's seller as it was issued: the payee's name and VAT number at the close. */
    seller_name: column.text(200).orNull(),
    seller_vat_number: column.text(14).orNull(),
    /** The VAT the business pays on top of what is payable (6 % on copyright royalties); 0 when none. */
    vat_ore: column.integer(),
    created_at: column.timestamp().generated(),
  },
  defaultOrder: "created_at.asc",
  maxRows: 500,
  policy: serverWritten,
});

/**
 * Each time a payee's statement was mailed to them, and by whom: a statement is immutable, so its mailings
 * are rows of their own, written only by the mail route.
 */
export const royaltyStatementMailingsTable = defineTable({
  name: "royalty_statement_mailings",
  area: "money",
  description:
    "each time a payee's statement was mailed to them, and by whom (written only by the mail route)",
  columns: {
    id: column.uuid().withDefault(),
    statement_id: column.uuid().foreignKeyTo("royalty_statements"),
    sent_at: column.timestamp().withDefault(),
    /** The staff account that mailed it. */
    sent_by: column.uuid().orNull(),
  },
  defaultOrder: "sent_at.desc",
  maxRows: 500,
  policy: serverWritten,
});

/** An advance is at most 100 million kronor: anything larger is a typing mistake. */
const MAX_ADVANCE_ORE = 10_000_000_000;

/**
 * Money paid to a payee ahead of their earnings, recouped from them. Each advance is counted by exactly
 * one period: the first closed whose last day is on or after the day it was paid (an advance dated inside
 * a period already closed goes into the next one, as every correction does). Counted, it never changes.
 */
export const royaltyAdvancesTable = defineTable({
  name: "royalty_advances",
  area: "money",
  description:
    "advances paid to payees, recouped from their earnings; counted by one closed period, then frozen (staff only)",
  columns: {
    id: column.uuid().withDefault(),
    payee_id: column.uuid().foreignKeyTo("royalty_payees"),
    paid_on: column.date().refine(column.date().schema, "2026-02-15"),
    amount_ore: column
      .integer()
      .refine(
        z
          .number()
          .int("An advance is whole öre")
          .min(1, "An advance is more than 0 kr")
          .max(MAX_ADVANCE_ORE, "An advance is at most 100 000 000 kr"),
        500_000,
      ),
    note: column.text(500).orNull(),
    /** The closed period whose statements counted the advance: set by closing it, never through the API. */
    counted_in_period_id: column.uuid().foreignKeyTo("royalty_periods").orNull().generated(),
    created_at: column.timestamp().generated(),
    updated_at: column.timestamp().generated(),
  },
  defaultOrder: "paid_on.desc",
  maxRows: 1000,
  policy: staffOnly,
});
