import { writeToBuffer } from "@fast-csv/format";
import { spreadsheetText } from "../../../http/spreadsheet-text";
import { statementSummary } from "./render-statement-pdf";
import type { StatementView } from "./statement-view";

const HEADER = ["section", "item", "gross_ore", "fee_ore", "net_ore", "gross_sek", "fee_sek", "net_sek"];

/** Öre as kronor with a point and two decimals, exact (no float arithmetic), so a spreadsheet reads it as a number. */
const oreToKronor = (ore: number) => {
  const sign = ore < 0 ? "-" : "";
  const abs = Math.abs(ore);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
};

/**
 * The statement as CSV (RFC 4180, UTF-8 with a header row): one row per breakdown entry (by source, by work or
 * recording, by right), then the summary figures, each in öre and in kronor. Summary rows carry their amount
 * in the net columns.
 */
export function writeStatementCsv(view: StatementView): Promise<Buffer> {
  const rows: (string | number)[][] = [HEADER];
  for (const [section, entries] of [
    ["source", view.bySource],
    ["work_or_recording", view.byItem],
    ["right", view.byRight],
  ] as const)
    for (const e of entries)
      rows.push([
        section,
        spreadsheetText(e.label),
        e.gross_ore,
        e.fee_ore,
        e.net_ore,
        oreToKronor(e.gross_ore),
        oreToKronor(e.fee_ore),
        oreToKronor(e.net_ore),
      ]);
  for (const [label, ore] of statementSummary(view))
    rows.push(["summary", label, "", "", ore, "", "", oreToKronor(ore)]);
  return writeToBuffer(rows, { quoteColumns: false, rowDelimiter: "\r\n", includeEndRowDelimiter: true });
}
