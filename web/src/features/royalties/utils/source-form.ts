import {
  ROYALTY_LINE_FIELDS,
  type ROYALTY_MAPPING_KEYS,
  type ROYALTY_SOURCE_KINDS,
  type RoyaltyLineField,
  royaltyColumnMappingSchema,
} from "@app/contracts";

type SourceKind = (typeof ROYALTY_SOURCE_KINDS)[number];
type MappingKey = (typeof ROYALTY_MAPPING_KEYS)[number];

export const SOURCE_KIND_LABEL: Record<SourceKind, string> = {
  distributor: "Distributor",
  society: "Collecting society",
  publisher: "Publisher",
  youtube: "YouTube",
  sync: "Sync licence",
};

export const MAPPING_LABEL: Record<MappingKey, string> = {
  distrokid_tsv: "DistroKid TSV",
  tunecore_csv: "TuneCore CSV",
  society_sek: "Society statement (SEK)",
  custom: "Columns of its own",
};

/** How each line field is named in the mapping form, in the order the form shows them. */
export const LINE_FIELD_LABEL: Record<RoyaltyLineField, string> = {
  isrc: "ISRC",
  upc: "UPC or EAN",
  iswc: "ISWC",
  work_number: "Society work number",
  title: "Title",
  release_title: "Release title",
  artist: "Artist",
  usage_period: "Usage period (month of sale)",
  quantity: "Quantity",
  amount: "Amount",
  currency: "Currency",
  rate: "Exchange rate",
  store: "Store",
  territory: "Territory",
  right_type: "Right (PR, MR…)",
};

export type SourceFormState = {
  name: string;
  kind: SourceKind;
  mappingKey: MappingKey;
  defaultCurrency: string;
  /** The header each field is read from ("" when the file has no such column). */
  columns: Record<RoyaltyLineField, string>;
  decimalSeparator: "." | ",";
};

export const emptyColumns = () =>
  Object.fromEntries(ROYALTY_LINE_FIELDS.map((field) => [field, ""])) as Record<RoyaltyLineField, string>;

/** Header names statements commonly use for a field, compared in lower case. */
const USUAL_HEADERS: Partial<Record<RoyaltyLineField, readonly string[]>> = {
  isrc: ["isrc", "optional isrc"],
  upc: ["upc", "ean", "upc/ean"],
  iswc: ["iswc"],
  work_number: ["work number", "work no", "verknummer", "work id"],
  title: ["title", "song title", "track title", "work title", "titel"],
  release_title: ["release title", "album", "album title"],
  artist: ["artist", "artist name"],
  usage_period: ["sale month", "sales period", "usage period", "period", "month"],
  quantity: ["quantity", "units", "# units sold", "streams"],
  amount: ["amount", "earnings", "net", "royalty", "belopp", "total earned"],
  currency: ["currency", "valuta"],
  rate: ["exchange rate", "rate"],
  store: ["store", "store name", "service", "dsp"],
  territory: ["territory", "country", "country of sale"],
  right_type: ["right", "right type", "rights type"],
};

/**
 * Guesses the column of each field a sample file's header names in a usual way, leaving the rest for
 * staff to choose; a header is given to one field at most.
 */
export function guessColumns(header: readonly string[]): Record<RoyaltyLineField, string> {
  const columns = emptyColumns();
  const taken = new Set<string>();
  for (const field of ROYALTY_LINE_FIELDS) {
    const usual = USUAL_HEADERS[field] ?? [];
    const found = header.find((name) => !taken.has(name) && usual.includes(name.trim().toLowerCase()));
    if (found) {
      columns[field] = found;
      taken.add(found);
    }
  }
  return columns;
}

/** The row a form saves, or the problems to show beside its fields (keyed by field, "form" for the whole). */
export function sourceValues(form: SourceFormState):
  | {
      values: {
        name: string;
        kind: SourceKind;
        mapping_key: MappingKey;
        default_currency: string;
        mapping: unknown;
      };
    }
  | { problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const name = form.name.trim();
  const currency = form.defaultCurrency.trim().toUpperCase();
  if (!name) problems.name = "A source needs a name";
  if (!/^[A-Z]{3}$/.test(currency)) problems.defaultCurrency = "A currency is its ISO 4217 code, such as SEK";
  let mapping: unknown = null;
  if (form.mappingKey === "custom") {
    const columns = Object.fromEntries(
      Object.entries(form.columns).filter(([, header]) => header.trim() !== ""),
    );
    const parsed = royaltyColumnMappingSchema.safeParse({
      name: name || "Custom",
      columns,
      default_currency: currency || undefined,
      decimal_separator: form.decimalSeparator,
    });
    if (parsed.success) mapping = parsed.data;
    else
      for (const issue of parsed.error.issues) {
        const [first, field] = issue.path;
        const key =
          first === "columns" && typeof field === "string" ? field : first === "columns" ? "columns" : "form";
        problems[key] ??= issue.message;
      }
  }
  if (Object.keys(problems).length > 0) return { problems };
  return {
    values: { name, kind: form.kind, mapping_key: form.mappingKey, default_currency: currency, mapping },
  };
}
