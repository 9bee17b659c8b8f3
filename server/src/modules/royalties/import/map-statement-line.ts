import {
  type ExactDecimal,
  formatDecimal,
  isValidIswc,
  missingMappedColumns,
  normalizeIsrc,
  parseDecimal,
  type RoyaltyColumnMapping,
  type RoyaltyLineField,
} from "@app/contracts";
import type { StatementRecord } from "./open-statement";
import { StatementParseError } from "./statement-parse-error";

/** One statement row as the engine reads it; amounts stay exact decimal strings in their own currency. */
export interface StatementLine {
  row: number;
  /** Compact and upper case (`SEA1B2600001`), null when absent or malformed. */
  isrc: string | null;
  upc: string | null;
  /** Compact (`T1234567894`), null when absent or failing its check digit. */
  iswc: string | null;
  work_number: string | null;
  title: string | null;
  release_title: string | null;
  artist: string | null;
  /** The month the money was earned in (`YYYY-MM`): an adjustment names an earlier one than the statement. */
  usage_period: string | null;
  quantity: string | null;
  /** Exact decimal in `currency`, negative for adjustments. */
  amount: string;
  currency: string;
  /** SEK per unit of `currency` ("1" for SEK), from the row or else the statement's rate for the currency. */
  rate: string;
  store: string | null;
  territory: string | null;
  right_type: string | null;
  /** The row as the file had it, header → value, for the audit trail and for mapping again. */
  raw: Record<string, string>;
}

export interface MappingOptions {
  /** SEK per unit of each foreign currency for this statement, as entered (`{ USD: "10.4523" }`). */
  rates?: Record<string, string>;
}

export type LineMapper = (record: StatementRecord) => StatementLine | null;

/**
 * Binds a mapping to a file's header once, so each row is mapped by column index. The mapper answers
 * null for a row with no values at all (spreadsheets leave them at the end).
 */
export function compileMapping(
  mapping: RoyaltyColumnMapping,
  header: readonly string[],
  options: MappingOptions = {},
): LineMapper {
  const missing = missingMappedColumns(mapping, header);
  if (missing.length > 0)
    throw new StatementParseError({
      row: 1,
      column: missing[0] ?? null,
      message: `The header lacks the mapped column${missing.length > 1 ? "s" : ""} ${missing.map((m) => `"${m}"`).join(", ")}`,
    });
  const indexOf = new Map<RoyaltyLineField, number>();
  for (const [field, name] of Object.entries(mapping.columns) as [RoyaltyLineField, string | undefined][]) {
    if (name)
      indexOf.set(
        field,
        header.findIndex((h) => h.toLowerCase() === name.trim().toLowerCase()),
      );
  }
  const statementRates = new Map<string, ExactDecimal>();
  for (const [currency, text] of Object.entries(options.rates ?? {})) {
    const rate = parseDecimal(text);
    if (!rate || rate.units <= 0n) throw new RangeError(`The rate for ${currency} is not a positive number`);
    statementRates.set(currency.toUpperCase(), rate);
  }
  const separator = mapping.decimal_separator;

  return (record) => {
    if (record.values.every((value) => value.trim() === "")) return null;
    const text = (field: RoyaltyLineField) => {
      const index = indexOf.get(field);
      const value = index === undefined ? "" : (record.values[index] ?? "").trim();
      return value === "" ? null : value;
    };
    const fail = (field: RoyaltyLineField, message: string): never => {
      throw new StatementParseError({ row: record.row, column: mapping.columns[field] ?? null, message });
    };
    const decimal = (field: RoyaltyLineField) => {
      const value = text(field);
      if (value === null) return null;
      return parseDecimal(value, separator) ?? fail(field, `"${value}" is not a number`);
    };

    const amount = decimal("amount") ?? fail("amount", "The amount is empty");
    const currency = (text("currency") ?? mapping.default_currency ?? "").toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) fail("currency", `"${currency}" is not a currency code`);
    const rate =
      lineRate(currency, decimal("rate"), statementRates) ?? fail("currency", noRateMessage(currency));
    if (rate.units <= 0n) fail("rate", "The exchange rate must be above zero");
    const quantity = decimal("quantity");
    const usage = text("usage_period");
    const raw: Record<string, string> = {};
    header.forEach((name, i) => {
      raw[name] = record.values[i] ?? "";
    });
    const isrc = text("isrc");
    const iswc =
      text("iswc")
        ?.replace(/[-.\s]/g, "")
        .toUpperCase() ?? null;
    const upc = text("upc")?.replace(/\s/g, "") ?? null;

    return {
      row: record.row,
      isrc: isrc === null ? null : (normalizeIsrc(isrc.replace(/\s/g, "")) ?? null),
      upc: upc !== null && /^\d{8,14}$/.test(upc) ? upc : null,
      iswc: iswc !== null && isValidIswc(iswc) ? iswc : null,
      work_number: text("work_number"),
      title: text("title"),
      release_title: text("release_title"),
      artist: text("artist"),
      usage_period:
        usage === null ? null : (usageMonth(usage) ?? fail("usage_period", `"${usage}" is not a month`)),
      quantity: quantity === null ? null : formatDecimal(quantity),
      amount: formatDecimal(amount),
      currency,
      rate: formatDecimal(rate),
      store: text("store"),
      territory: text("territory"),
      right_type: text("right_type"),
      raw,
    };
  };
}

const SEK: ExactDecimal = { units: 1n, scale: 0 };

/** SEK needs no rate; otherwise the row's own rate wins over the statement's. */
function lineRate(
  currency: string,
  fromRow: ExactDecimal | null,
  statementRates: Map<string, ExactDecimal>,
): ExactDecimal | undefined {
  if (currency === "SEK") return SEK;
  return fromRow ?? statementRates.get(currency);
}

const noRateMessage = (currency: string) =>
  `The amount is in ${currency} and neither the row nor the statement gives a rate to SEK`;

/** `2025-07`, `2025-07-01`, `202507`, `2025/07` or a range starting so → `2025-07`. */
function usageMonth(value: string): string | undefined {
  const match = /^(\d{4})[-/.]?(\d{2})(?:[-/.]\d{2})?(?:\s*(?:-|–|to)\s*.*)?$/.exec(value);
  if (!match) return undefined;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? `${match[1]}-${match[2]}` : undefined;
}
