import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { CsvError, type Info, parse } from "csv-parse";
import iconv from "iconv-lite";
import type { RowReader } from "./row-reader";
import { detectDelimiter, detectEncoding, type StatementEncoding } from "./sniff";
import { StatementParseError } from "./statement-parse-error";

/**
 * The rows of a CSV or TSV: the encoding and the delimiter are told from the first bytes, the rest is
 * decoded and parsed as the caller asks for rows (csv-parse behind an async iterator, with backpressure).
 */
export function readDelimitedRows(
  head: Buffer,
  headIsWholeFile: boolean,
  rest: AsyncIterable<Buffer>,
): RowReader {
  const encoding = detectEncoding(head, headIsWholeFile);
  const decode = textDecoder(encoding);
  const firstText = decode(head, headIsWholeFile);
  const delimiter = detectDelimiter(firstText);
  async function* text() {
    yield firstText;
    if (headIsWholeFile) return;
    for await (const chunk of rest) yield decode(chunk, false);
    const tail = decode(Buffer.alloc(0), true);
    if (tail) yield tail;
  }
  const parser = parse({ delimiter, info: true, relax_column_count: true, skip_empty_lines: true });
  // The reader below sees any failure of the pipeline; this only keeps it from being an unhandled rejection.
  pipeline(Readable.from(text(), { objectMode: false }), parser).catch(() => {});
  const rows = parser[Symbol.asyncIterator]() as AsyncIterator<{ record: string[]; info: Info }>;
  return {
    format: { kind: "delimited", encoding, delimiter },
    async next() {
      const row = await nextRow(rows);
      return row && { row: row.info.lines, values: row.record };
    },
    stop: () => parser.destroy(),
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
