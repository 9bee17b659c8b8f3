import { createHash } from "node:crypto";
import { readDelimitedRows } from "./read-delimited-rows";
import { isZipArchive, readXlsxRows } from "./read-xlsx-rows";
import type { StatementFormat } from "./row-reader";
import { StatementParseError } from "./statement-parse-error";

/** Enough of the file to tell UTF-8 from ISO-8859-1, a workbook from text, and to hold the header row. */
const SNIFF_BYTES = 64 * 1024;

export interface StatementRecord {
  /** The file's row (the header is row 1). */
  row: number;
  /** One value per header column. */
  values: string[];
}

export interface OpenedStatement {
  format: StatementFormat;
  /** The header row's column names, trimmed. */
  header: string[];
  /** The data rows, read as they are asked for: the file is never held whole. Iterate once. */
  records(): AsyncGenerator<StatementRecord>;
  /** The SHA-256 of the file's bytes (hex), known once records() has read to the end. */
  sha256(): string;
}

/**
 * Starts reading a statement: tells an XLSX workbook from CSV/TSV (and then the encoding and delimiter)
 * by the first bytes and reads the header row. The rest is read as the caller asks for rows, with
 * backpressure, and the file's hash is taken from the same bytes as they pass, so a file is read once
 * and memory does not grow with it.
 */
export async function openStatement(input: AsyncIterable<Uint8Array>): Promise<OpenedStatement> {
  const source = input[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headBytes = 0;
  let exhausted = false;
  while (headBytes < SNIFF_BYTES) {
    const next = await source.next();
    if (next.done) {
      exhausted = true;
      break;
    }
    const chunk = Buffer.from(next.value);
    head.push(chunk);
    headBytes += chunk.length;
  }
  const headBuffer = Buffer.concat(head);
  const hash = createHash("sha256");
  hash.update(headBuffer);
  /** The bytes after the head, hashed as they pass. */
  async function* rest() {
    if (exhausted) return;
    try {
      for (let next = await source.next(); !next.done; next = await source.next()) {
        const chunk = Buffer.from(next.value);
        hash.update(chunk);
        yield chunk;
      }
    } finally {
      // A reader that stops early (an error, a cancelled import) closes the file behind it.
      await source.return?.();
    }
  }
  const reader = isZipArchive(headBuffer)
    ? readXlsxRows(headBuffer, rest())
    : readDelimitedRows(headBuffer, exhausted, rest());

  const first = await reader.next();
  if (!first) throw new StatementParseError({ row: null, column: null, message: "The file is empty" });
  const header = first.values.map((name) => name.trim());
  if (header.length < 2 || header.every((name) => name === ""))
    throw new StatementParseError({
      row: first.row,
      column: null,
      message:
        "The first row is not a header of columns (tab-, semicolon- or comma-separated, or a worksheet)",
    });

  let finished = false;
  let digest: string | undefined;
  return {
    format: reader.format,
    header,
    async *records() {
      try {
        for (let next = await reader.next(); next; next = await reader.next()) {
          yield { row: next.row, values: fitToHeader(next.values, header.length, next.row) };
        }
        finished = true;
      } finally {
        if (!finished) reader.stop();
      }
    },
    sha256() {
      if (!finished) throw new Error("The statement's hash is known only once every row has been read");
      digest ??= hash.digest("hex");
      return digest;
    },
  };
}

/** Spreadsheet exports often end rows with empty cells past the header; anything else is a broken row. */
function fitToHeader(values: string[], width: number, row: number): string[] {
  if (values.length === width) return values;
  if (values.length > width && values.slice(width).every((value) => value.trim() === ""))
    return values.slice(0, width);
  throw new StatementParseError({
    row,
    column: null,
    message: `The row has ${values.length} fields where the header has ${width}`,
  });
}
