import type { ColumnType, TableDefinition } from "@app/contracts";
import { writeToBuffer } from "@fast-csv/format";
import { spreadsheetText } from "../../http/spreadsheet-text";
import type { Row } from "../table-hooks";
import { columnKey, type SelectNode } from "./parse-select";

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

/** A CSV column: the key a row answers it under, and the declared type when it is a column as stored. */
export interface CsvColumn {
  key: string;
  type?: ColumnType;
}

/**
 * The columns of rows a select shaped: a plain column keeps its type; a renamed one too; a cast or JSON
 * path value, or an embedded resource, is written by what it is (JSON as its text).
 */
export function csvColumns(
  table: TableDefinition,
  columns: string[],
  tree: SelectNode[] | undefined,
): CsvColumn[] {
  if (!tree) return columns.map((key) => ({ key, type: table.columns[key]?.type }));
  return tree.flatMap((node): CsvColumn[] => {
    if (node.type === "star")
      return table.columnNames.map((key) => ({ key, type: table.columns[key]?.type }));
    if (node.type === "embed") return [{ key: node.key }];
    const plain = !node.path && !node.cast;
    return [{ key: columnKey(node), type: plain ? table.columns[node.name]?.type : undefined }];
  });
}

function cell(type: ColumnType | undefined, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (type === "boolean" || typeof value === "boolean") return value ? "t" : "f";
  if (type === "text[]" && Array.isArray(value)) return spreadsheetText(arrayLiteral(value));
  if (type === "json" || typeof value === "object") return spreadsheetText(JSON.stringify(value));
  if (typeof value === "number") return String(value);
  return spreadsheetText(String(value));
}

export async function rowsCsv(columns: CsvColumn[], rows: Row[]): Promise<Buffer> {
  const header = columns.map((c) => c.key);
  const lines = [header, ...rows.map((row) => columns.map((c) => cell(c.type, row[c.key])))];
  return writeToBuffer(lines, { rowDelimiter: "\r\n" });
}
