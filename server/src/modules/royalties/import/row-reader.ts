import type { StatementDelimiter, StatementEncoding } from "./sniff";

/** How a statement file is laid out: text with a delimiter, or an Excel workbook. */
export type StatementFormat =
  | { kind: "delimited"; encoding: StatementEncoding; delimiter: StatementDelimiter }
  | { kind: "xlsx" };

/** A file's rows as they are read, whatever its format: the header first, as the file has it. */
export interface RowReader {
  format: StatementFormat;
  /** The next row with its number in the file (1 for the first), or undefined at the end. */
  next(): Promise<{ row: number; values: string[] } | undefined>;
  /** Stops reading early, closing the file behind it. */
  stop(): void;
}
