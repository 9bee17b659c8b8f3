/** How a statement's bytes are read: UTF-8 (with or without a byte order mark) or ISO-8859-1. */
export type StatementEncoding = "utf-8" | "iso-8859-1";

/** The separators statement exports use: DistroKid tabs, Swedish exports semicolons, the rest commas. */
const STATEMENT_DELIMITERS = ["\t", ";", ",", "|"] as const;
export type StatementDelimiter = (typeof STATEMENT_DELIMITERS)[number];

/**
 * UTF-8 when the first bytes carry its byte order mark or decode as UTF-8, else ISO-8859-1. Every
 * ISO-8859-1 letter past ASCII (å ä ö é) is a byte UTF-8 never has on its own, so a Swedish title in the
 * sample tells them apart; a sample of plain ASCII reads the same either way and is taken as UTF-8.
 * `complete` says the sample is the whole file (else a character cut at its end is no evidence).
 */
export function detectEncoding(sample: Uint8Array, complete: boolean): StatementEncoding {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return "utf-8";
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(sample, { stream: !complete });
    return "utf-8";
  } catch {
    return "iso-8859-1";
  }
}

/**
 * The delimiter is the candidate that occurs most often in the header row outside quotes: headers hold
 * names, not numbers, so a decimal comma in the data cannot mislead it.
 */
export function detectDelimiter(text: string): StatementDelimiter {
  const counts = new Map<string, number>(STATEMENT_DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best: StatementDelimiter = ",";
  for (const candidate of STATEMENT_DELIMITERS)
    if ((counts.get(candidate) ?? 0) > (counts.get(best) ?? 0)) best = candidate;
  return best;
}
