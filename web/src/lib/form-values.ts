/*
 * Conversions between the API's values and a form's text: a blank field is NULL, numbers are typed as
 * text and read back as numbers (a value that is not a number stays text, so the schema refuses it).
 */
export const textOf = (value: string | number | null | undefined) =>
  value === null || value === undefined ? "" : String(value);

export function nullIfBlank(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === "" ? null : trimmed;
}

export function numberOrNull(text: string): number | string | null {
  const trimmed = text.trim().replace(",", ".");
  if (trimmed === "") return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
}

/** Whole kronor typed with spaces or thin spaces as thousands separators ("120 000"). */
export function kronorOrNull(text: string): number | string | null {
  return numberOrNull(text.replace(/[\s\u00a0\u202f]/g, ""));
}
