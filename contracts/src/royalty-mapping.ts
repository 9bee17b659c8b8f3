import { z } from "zod";

/**
 * How a statement file's columns become royalty lines: which header holds each field. A mapping is saved
 * per source as JSON, so the second file from the same distributor imports without asking again; the back
 * office builds one for a new source in a form that validates with the same schema the server reads.
 */

/** The fields a line can take from a column, in the order a mapping form shows them. */
export const ROYALTY_LINE_FIELDS = [
  "isrc",
  "upc",
  "iswc",
  "work_number",
  "title",
  "release_title",
  "artist",
  "usage_period",
  "quantity",
  "amount",
  "currency",
  "rate",
  "store",
  "territory",
  "right_type",
] as const;
export type RoyaltyLineField = (typeof ROYALTY_LINE_FIELDS)[number];

/** Fields of which a line needs at least one to be matched to a recording or a work at all. */
const IDENTIFYING_FIELDS = ["isrc", "upc", "iswc", "work_number", "title"] as const;

const headerName = z.string().trim().min(1).max(200);

export const royaltyColumnMappingSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    /** The header of the column each field is read from; a field left out is not in the file. */
    columns: z
      .object(
        Object.fromEntries(ROYALTY_LINE_FIELDS.map((field) => [field, headerName.optional()])) as Record<
          RoyaltyLineField,
          z.ZodOptional<typeof headerName>
        >,
      )
      .strict(),
    /** The currency of every amount when the file has no currency column (DistroKid's "Earnings (USD)"). */
    default_currency: z
      .string()
      .regex(/^[A-Z]{3}$/, "a three-letter ISO 4217 code such as SEK or USD")
      .optional(),
    /** How the file writes decimals: Swedish exports write `1 234,56`. */
    decimal_separator: z.enum([".", ","]).default("."),
  })
  .strict()
  .superRefine((mapping, ctx) => {
    const { columns } = mapping;
    if (!columns.amount)
      ctx.addIssue({
        code: "custom",
        path: ["columns", "amount"],
        message: "Map the column with the amount",
      });
    if (!IDENTIFYING_FIELDS.some((field) => columns[field]))
      ctx.addIssue({
        code: "custom",
        path: ["columns"],
        message: "Map at least one of ISRC, UPC, ISWC, work number or title, or no line can be matched",
      });
    if (!columns.currency && !mapping.default_currency)
      ctx.addIssue({
        code: "custom",
        path: ["default_currency"],
        message: "Map a currency column or name the currency of the whole file",
      });
  });

export type RoyaltyColumnMapping = z.infer<typeof royaltyColumnMappingSchema>;
export type RoyaltyColumnMappingInput = z.input<typeof royaltyColumnMappingSchema>;

const sameHeader = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The mapped headers a file's header row lacks (headers compare trimmed, in any case). */
export function missingMappedColumns(mapping: RoyaltyColumnMapping, header: readonly string[]): string[] {
  const mapped = Object.values(mapping.columns).filter((name): name is string => Boolean(name));
  return [...new Set(mapped)].filter((name) => !header.some((column) => sameHeader(column, name)));
}

/** DistroKid's "bank details" export: tab-separated, ISRC-keyed, every amount in USD. */
export const DISTROKID_TSV_MAPPING: RoyaltyColumnMapping = {
  name: "DistroKid (TSV)",
  columns: {
    isrc: "ISRC",
    upc: "UPC",
    title: "Title",
    artist: "Artist",
    usage_period: "Sale Month",
    quantity: "Quantity",
    amount: "Earnings (USD)",
    store: "Store",
    territory: "Country of Sale",
  },
  default_currency: "USD",
  decimal_separator: ".",
};

/**
 * TuneCore's sales report: Total Earned is already in the account's currency (the Currency column), Net
 * Sales in the store's; the line keeps the first and the raw row keeps both.
 */
export const TUNECORE_CSV_MAPPING: RoyaltyColumnMapping = {
  name: "TuneCore (CSV)",
  columns: {
    isrc: "Optional ISRC",
    upc: "UPC",
    title: "Song Title",
    release_title: "Release Title",
    artist: "Artist",
    usage_period: "Sales Period",
    quantity: "# Units Sold",
    amount: "Total Earned",
    currency: "Currency",
    store: "Store Name",
    territory: "Country Of Sale",
  },
  decimal_separator: ".",
};

/**
 * A Swedish society's settlement exported from its member pages: semicolon-separated, decimal commas,
 * keyed by the society's work number and ISWC; foreign income carries its own currency and rate.
 */
export const SOCIETY_SEK_MAPPING: RoyaltyColumnMapping = {
  name: "Society statement (SEK)",
  columns: {
    work_number: "Verknummer",
    iswc: "ISWC",
    title: "Originaltitel",
    usage_period: "Nyttjandeperiod",
    amount: "Belopp",
    currency: "Valuta",
    rate: "Kurs",
    store: "Källa",
    territory: "Land",
    right_type: "Rättighet",
  },
  default_currency: "SEK",
  decimal_separator: ",",
};

export const BUILT_IN_ROYALTY_MAPPINGS = [DISTROKID_TSV_MAPPING, TUNECORE_CSV_MAPPING, SOCIETY_SEK_MAPPING];
