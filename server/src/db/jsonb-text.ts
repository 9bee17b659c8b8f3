/**
 * A JSON value's text as PostgreSQL's jsonb writes it: `{"a": 1, "bb": [1, 2]}`, a space after each comma
 * and colon, keys shorter first, then by their bytes. `->>` on an array or object answers this text, so
 * SQLite reads it the same way wherever such text is selected, compared or sorted.
 */
export function jsonbText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(jsonbText).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort((a, b) => {
      const [x, y] = [Buffer.from(a), Buffer.from(b)];
      return x.length - y.length || Buffer.compare(x, y);
    });
    const entries = keys.map(
      (k) => `${JSON.stringify(k)}: ${jsonbText((value as Record<string, unknown>)[k])}`,
    );
    return `{${entries.join(", ")}}`;
  }
  return JSON.stringify(value);
}
