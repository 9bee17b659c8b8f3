import type { TableDefinition } from "@app/contracts";
import { writeToBuffer } from "@fast-csv/format";
import { spreadsheetText } from "../../http/spreadsheet-text";
import type { Row } from "../table-hooks";

/**
 * Rows as `Accept: text/csv` asks (supabase-js's `.csv()`): RFC 4180 with a header row of the selected
 * columns, in the order selected, even when no row matched. Cells read as PostgREST's do, which writes
 * PostgreSQL's text forms: NULL as an empty cell, booleans as t and f, a list as an array literal
 * (`{a,"b c"}`), JSON as its text. Text that a spreadsheet would run as a formula is kept text.
 */

/** A list element that PostgreSQL's array output would quote. */
const NEEDS_QUOTES = /^$|^null$|[{},"\\\s]/i;

export function arrayLiteral(items: unknown[]): string {
  const elements = items.map((item) => {
    if (item === null) return "NULL";
    const text = String(item);
    return NEEDS_QUOTES.test(text) ? `"${text.replace(/[\\"]/g, "\\$&")}"` : text;
  });
  return `{${elements.join(",")}}`;
}

function cell(table: TableDefinition, column: string, value: unknown): string {
  if (value === null || value === undefined) return "";
  const type = table.columns[column]?.type;
  if (type === "boolean") return value ? "t" : "f";
  if (type === "text[]" && Array.isArray(value)) return spreadsheetText(arrayLiteral(value));
  if (type === "json") return spreadsheetText(JSON.stringify(value));
  if (typeof value === "number") return String(value);
  return spreadsheetText(String(value));
}

export async function rowsCsv(table: TableDefinition, columns: string[], rows: Row[]): Promise<Buffer> {
  const lines = [columns, ...rows.map((row) => columns.map((c) => cell(table, c, row[c])))];
  return writeToBuffer(lines, { rowDelimiter: "\r\n" });
}
