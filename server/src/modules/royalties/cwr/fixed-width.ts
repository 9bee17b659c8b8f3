/**
 * CWR's fixed-width records: every field at its own 1-based position, alphanumeric fields left-justified
 * and padded with spaces, numeric ones right-justified and padded with zeros, every record of one type
 * the same length. A record is described as its fields in order; a gap or an overlap between them is a
 * mistake in the layout, refused when the record is built.
 */

/** One field: its first position (1-based), width, value, and whether it is numeric (zero-padded). */
export interface Field {
  at: number;
  width: number;
  value: string | number | null | undefined;
  numeric?: boolean;
}

/** Alphanumeric: the text, cut to the width, padded with spaces. */
export const text = (at: number, width: number, value: string | null | undefined): Field => ({
  at,
  width,
  value,
});

/** Numeric: the number, padded with zeros to the width. */
export const num = (at: number, width: number, value: number | string | null | undefined): Field => ({
  at,
  width,
  value,
  numeric: true,
});

/** Blanks: a field left empty (or a constant of spaces the layout keeps). */
export const blank = (at: number, width: number): Field => ({ at, width, value: "" });

function fieldText(field: Field): string {
  if (field.numeric) {
    const digits = field.value === null || field.value === undefined ? "" : String(field.value);
    if (digits.length > field.width) throw new RangeError(`${digits} does not fit ${field.width} digits`);
    return digits.padStart(field.width, "0");
  }
  return (field.value === null || field.value === undefined ? "" : String(field.value))
    .slice(0, field.width)
    .padEnd(field.width, " ");
}

/** A record of `type` (positions 1-3) and `fields` from position 4 on, contiguous, to `length` characters. */
export function record(type: string, length: number, fields: Field[]): string {
  let line = type;
  for (const field of fields) {
    if (field.at !== line.length + 1) {
      throw new Error(`${type}: a field at ${field.at} follows position ${line.length}`);
    }
    line += fieldText(field);
  }
  if (line.length !== length) throw new Error(`${type} is ${line.length} characters, not ${length}`);
  return line;
}

/**
 * Text as CWR's character set carries it: upper case, letters without their accents (Å, Ä and Ö are A,
 * A and O, as societies write them), and only the printable characters from space to underscore.
 */
export function cwrText(value: string): string {
  return value
    .replace(/ß/g, "SS")
    .replace(/[Ææ]/g, "AE")
    .replace(/[Øø]/g, "O")
    .replace(/[Œœ]/g, "OE")
    .replace(/[Łł]/g, "L")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toUpperCase()
    .replace(/[^\x20-\x5f]/g, "")
    .trim();
}

/** A share in CWR's form, percent with two implied decimals: basis points, exactly. */
export const share = (at: number, bp: number) => num(at, 5, bp);

/** Seconds as CWR's HHMMSS. */
export function hhmmss(seconds: number | null | undefined): string {
  if (!seconds) return "000000";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(seconds / 3600))}${pad(Math.floor((seconds % 3600) / 60))}${pad(seconds % 60)}`;
}
