import { isValidIpiNameNumber, type SplitWriter } from "@app/contracts";
import { escapeMarkdown } from "./placeholders";

/** Shares are compared in hundredths of a percent, so 33.33 + 33.33 + 33.34 is exactly 100.00. */
const hundredths = (percent: number) => Math.round(percent * 100);

/** Why a split sheet may not be sent yet; empty when its writers are complete and add up. */
export function splitSheetProblems(writers: readonly SplitWriter[]): string[] {
  const problems: string[] = [];
  if (writers.length === 0) problems.push("A split sheet needs at least one writer");
  writers.forEach((w, i) => {
    const who = w.legal_name.trim() || `Writer ${i + 1}`;
    if (!w.legal_name.trim()) problems.push(`Writer ${i + 1} needs a legal name`);
    if (w.contribution.length === 0)
      problems.push(`${who} needs a contribution (lyrics, music or production)`);
    if (Math.abs(w.share_percent * 100 - hundredths(w.share_percent)) > 1e-6)
      problems.push(`${who}'s share has more than two decimals`);
    if (w.ipi && !isValidIpiNameNumber(w.ipi)) problems.push(`${who}'s IPI name number is not valid`);
    if (w.publisher_ipi && !isValidIpiNameNumber(w.publisher_ipi))
      problems.push(`${who}'s publisher IPI name number is not valid`);
  });
  const total = writers.reduce((sum, w) => sum + hundredths(w.share_percent), 0);
  if (writers.length > 0 && total !== 10_000)
    problems.push(`The shares add up to ${(total / 100).toFixed(2)} %, not exactly 100.00 %`);
  return problems;
}

const cell = (value: string | null | undefined) => (value ? escapeMarkdown(value) : "–");

/** The writers as a markdown table, every value escaped. */
export function writersTable(writers: readonly SplitWriter[]): string {
  const head =
    "| Writer (legal name) | Credited as | Contribution | Share | Society | IPI | Publisher | Publisher IPI |\n" +
    "|---|---|---|---:|---|---|---|---|";
  const rows = writers.map((w) =>
    [
      cell(w.legal_name),
      cell(w.credited_name),
      cell(w.contribution.join(", ")),
      `${w.share_percent.toFixed(2)} %`,
      cell(w.society),
      cell(w.ipi),
      cell(w.publisher),
      cell(w.publisher_ipi),
    ].join(" | "),
  );
  return `\n\n${head}\n${rows.map((r) => `| ${r} |`).join("\n")}\n\n`;
}
