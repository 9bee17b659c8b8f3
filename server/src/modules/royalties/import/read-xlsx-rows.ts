import { Readable } from "node:stream";
import type ExcelJS from "exceljs";
import type { RowReader } from "./row-reader";
import { StatementParseError } from "./statement-parse-error";

/** An XLSX file starts as every ZIP archive does. */
export const isZipArchive = (head: Buffer) =>
  head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;

/**
 * The rows of an Excel workbook's first worksheet, read with exceljs's streaming reader so a large
 * workbook is never held whole. Later worksheets are read past unparsed (the file's hash needs every byte).
 * Cells become the text a CSV export of the sheet would hold: numbers in their shortest exact form, dates
 * as YYYY-MM-DD, formulas as their result.
 */
export function readXlsxRows(head: Buffer, rest: AsyncIterable<Buffer>): RowReader {
  async function* bytes() {
    yield head;
    yield* rest;
  }
  const input = Readable.from(bytes(), { objectMode: false });
  async function* rows() {
    // Loaded on the first workbook only: exceljs is large, and the server's start should not pay for it.
    const { default: excel } = await import("exceljs");
    const workbook = new excel.stream.xlsx.WorkbookReader(input, {
      worksheets: "emit",
      sharedStrings: "cache",
      styles: "cache",
      hyperlinks: "ignore",
      entries: "ignore",
    });
    let first = true;
    for await (const worksheet of workbook) {
      for await (const row of worksheet) {
        if (first) yield { row: row.number, values: cellTexts(row.values) };
      }
      first = false;
    }
  }
  const iterator = rows();
  return {
    format: { kind: "xlsx" },
    async next() {
      try {
        const next = await iterator.next();
        return next.done ? undefined : next.value;
      } catch (err) {
        if (err instanceof StatementParseError) throw err;
        throw new StatementParseError({
          row: null,
          column: null,
          message: `The workbook cannot be read: ${(err as Error).message}`,
        });
      }
    },
    stop: () => {
      input.destroy();
      void iterator.return(undefined);
    },
  };
}

/** exceljs numbers a row's cells from 1, leaving index 0 (and blank cells) empty. */
function cellTexts(values: ExcelJS.CellValue[] | { [key: string]: ExcelJS.CellValue }): string[] {
  const cells = Array.isArray(values) ? values.slice(1) : Object.values(values);
  return Array.from(cells, cellText);
}

function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ("richText" in value) return value.richText.map((part) => part.text).join("");
  if ("result" in value) return cellText(value.result as ExcelJS.CellValue);
  if ("text" in value) return String(value.text);
  return "";
}
