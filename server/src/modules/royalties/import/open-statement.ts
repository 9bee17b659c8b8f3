import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { CsvError, type Info, parse } from "csv-parse";
import iconv from "iconv-lite";
import { detectDelimiter, detectEncoding, type StatementDelimiter, type StatementEncoding } from "./sniff";
import { StatementParseError } from "./statement-parse-error";

/** Enough of the file to tell UTF-8 from ISO-8859-1 and to hold the header row. */
const SNIFF_BYTES = 64 * 1024;

export interface StatementRecord {
  /** The file's row (the header is row 1). */
  row: number;
  /** One value per header column. */
  values: string[];
}

export interface OpenedStatement {
  encoding: StatementEncoding;
  delimiter: StatementDelimiter;
  /** The header row's column names, trimmed. */
  header: string[];
  /** The data rows, read as they are asked for: the file is never held whole. Iterate once. */
  records(): AsyncGenerator<StatementRecord>;
  /** The SHA-256 of the file's bytes (hex), known once records() has read to the end. */
  sha256(): string;
}

/**
 * Starts reading a statement: sniffs the encoding and the delimiter from the first bytes and reads the
 * header row. The rest is parsed on demand with backpressure (csv-parse behind an async iterator), and the
 * file's hash is taken from the same bytes as they pass, so a file is read once and memory does not grow
 * with it.
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
  const encoding = detectEncoding(headBuffer, exhausted);
  const decode = textDecoder(encoding);
  const firstText = decode(headBuffer, exhausted);
  const delimiter = detectDelimiter(firstText);

  const hash = createHash("sha256");
  hash.update(headBuffer);
  let finished = false;
  let digest: string | undefined;
  async function* text() {
    yield firstText;
    if (exhausted) return;
    try {
      for (let next = await source.next(); !next.done; next = await source.next()) {
        const chunk = Buffer.from(next.value);
        hash.update(chunk);
        yield decode(chunk, false);
      }
      const tail = decode(Buffer.alloc(0), true);
      if (tail) yield tail;
    } finally {
      // A reader that stops early (an error, a cancelled import) closes the file behind it.
      await source.return?.();
    }
  }

  const parser = parse({ delimiter, info: true, relax_column_count: true, skip_empty_lines: true });
  // The iterator below sees any failure of the pipeline; this only keeps it from being an unhandled rejection.
  pipeline(Readable.from(text(), { objectMode: false }), parser).catch(() => {});
  const rows = parser[Symbol.asyncIterator]() as AsyncIterator<{ record: string[]; info: Info }>;

  const first = await nextRow(rows);
  if (!first) throw new StatementParseError({ row: null, column: null, message: "The file is empty" });
  const header = first.record.map((name) => name.trim());
  if (header.length < 2 || header.every((name) => name === ""))
    throw new StatementParseError({
      row: first.info.lines,
      column: null,
      message: "The first row is not a header of tab-, semicolon- or comma-separated columns",
    });

  return {
    encoding,
    delimiter,
    header,
    async *records() {
      try {
        for (let next = await nextRow(rows); next; next = await nextRow(rows)) {
          yield { row: next.info.lines, values: fitToHeader(next.record, header.length, next.info.lines) };
        }
        finished = true;
      } finally {
        if (!finished) parser.destroy();
      }
    },
    sha256() {
      if (!finished) throw new Error("The statement's hash is known only once every row has been read");
      digest ??= hash.digest("hex");
      return digest;
    },
  };
}

/** One decoded string per chunk. UTF-8 is decoded strictly: a stray ISO-8859-1 byte is an error, not "�". */
function textDecoder(encoding: StatementEncoding): (chunk: Buffer, last: boolean) => string {
  if (encoding === "iso-8859-1") {
    // Windows-1252 is the superset that spreadsheet tools write under the ISO-8859-1 label (€ at 0x80);
    // a single-byte encoding, so any chunk boundary is a character boundary.
    return (chunk) => iconv.decode(chunk, "win1252");
  }
  // The decoder drops a leading byte order mark itself.
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let rowsSoFar = 1;
  return (chunk, last) => {
    try {
      const text = decoder.decode(chunk, { stream: !last });
      rowsSoFar += countNewlines(text);
      return text;
    } catch {
      // Find the row of the first bad byte: the chunk decoded leniently has "�" there.
      const lenient = new TextDecoder("utf-8").decode(chunk);
      throw new StatementParseError({
        row: rowsSoFar + countNewlines(lenient.slice(0, Math.max(0, lenient.indexOf("\uFFFD")))),
        column: null,
        message:
          "The file began as UTF-8 but has bytes that are not UTF-8 here; save it as UTF-8 (or all of it as ISO-8859-1)",
      });
    }
  };
}

function countNewlines(text: string): number {
  let count = 0;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) count += 1;
  return count;
}

async function nextRow(rows: AsyncIterator<{ record: string[]; info: Info }>) {
  try {
    const next = await rows.next();
    return next.done ? undefined : next.value;
  } catch (err) {
    if (err instanceof StatementParseError) throw err;
    if (err instanceof CsvError)
      throw new StatementParseError({
        row: (err as CsvError & { lines?: number }).lines ?? null,
        column: null,
        message: err.message,
      });
    throw err;
  }
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
