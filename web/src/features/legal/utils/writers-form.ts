import { isValidIpiNameNumber, type SplitWriter, WRITER_CONTRIBUTIONS } from "@app/contracts";

export type Contribution = (typeof WRITER_CONTRIBUTIONS)[number];

/** A split sheet's writer as the form holds it: every field as typed text. */
export type WriterRow = {
  legal_name: string;
  credited_name: string;
  email: string;
  contribution: Contribution[];
  share_percent: string;
  society: string;
  ipi: string;
  publisher: string;
  publisher_ipi: string;
};

export const emptyWriter = (): WriterRow => ({
  legal_name: "",
  credited_name: "",
  email: "",
  contribution: [],
  share_percent: "",
  society: "",
  ipi: "",
  publisher: "",
  publisher_ipi: "",
});

/** "33,33" or "33.33 %" as a number; NaN when it is not one. */
const parseShare = (text: string) => Number(text.replace(",", ".").replace(/\s|%/g, "") || "NaN");

export function writerToRow(writer: SplitWriter): WriterRow {
  return {
    legal_name: writer.legal_name,
    credited_name: writer.credited_name ?? "",
    email: writer.email ?? "",
    contribution: [...writer.contribution],
    share_percent: String(writer.share_percent),
    society: writer.society ?? "",
    ipi: writer.ipi ?? "",
    publisher: writer.publisher ?? "",
    publisher_ipi: writer.publisher_ipi ?? "",
  };
}

const orNull = (text: string) => (text.trim() === "" ? null : text.trim());

/** The row as the payload stores it; a share that is not a number is sent as 0 and caught at Send. */
export function rowToWriter(row: WriterRow): SplitWriter {
  const share = parseShare(row.share_percent);
  return {
    legal_name: row.legal_name.trim(),
    credited_name: orNull(row.credited_name),
    email: orNull(row.email),
    contribution: row.contribution,
    share_percent: Number.isFinite(share) ? Math.min(100, Math.max(0, share)) : 0,
    society: orNull(row.society),
    ipi: orNull(row.ipi),
    publisher: orNull(row.publisher),
    publisher_ipi: orNull(row.publisher_ipi),
  };
}

/**
 * What Send will refuse, said while typing: the server's rules (shares summing to exactly 100.00, valid
 * IPI name numbers), counted in hundredths as the server counts them.
 */
export function writerProblems(rows: WriterRow[]): string[] {
  if (rows.length === 0) return ["A split sheet needs at least one writer."];
  const problems: string[] = [];
  const hundredths = rows.reduce((sum, row) => sum + Math.round(parseShare(row.share_percent) * 100), 0);
  if (!Number.isFinite(hundredths) || hundredths !== 10_000) {
    const total = Number.isFinite(hundredths) ? (hundredths / 100).toFixed(2) : "not a number";
    problems.push(`The shares add up to ${total} %, not 100.00 %.`);
  }
  rows.forEach((row, index) => {
    const who = row.legal_name.trim() || `Writer ${index + 1}`;
    if (row.legal_name.trim() === "") problems.push(`Writer ${index + 1} needs a legal name.`);
    for (const [field, label] of [
      ["ipi", "IPI"],
      ["publisher_ipi", "publisher IPI"],
    ] as const) {
      const value = row[field].trim();
      if (value !== "" && !isValidIpiNameNumber(value))
        problems.push(`${who}'s ${label} is not a valid IPI name number.`);
    }
  });
  return problems;
}

export const CONTRIBUTION_LABELS: Record<Contribution, string> = {
  lyrics: "Lyrics",
  music: "Music",
  production: "Production",
};
export { WRITER_CONTRIBUTIONS };
