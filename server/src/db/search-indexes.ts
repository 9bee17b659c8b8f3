/**
 * SQLite's trigram indexes (FTS5 tables kept in step with their table by triggers) behind the `like` and
 * `ilike` filters of the columns they cover: a filter on such a column first asks the index for the rows
 * holding its literal text, so a search stays an index lookup however large the table grows. PostgreSQL
 * has the same through pg_trgm indexes on the columns, which its planner uses by itself. The migration
 * that creates an index is the one that adds it here.
 */
export const SQLITE_SEARCH_INDEXES: Readonly<Record<string, { index: string; columns: readonly string[] }>> =
  {
    crm_contacts: {
      index: "crm_contacts_search",
      columns: ["first_name", "last_name", "stage_name", "email"],
    },
  };

/** FTS5's trigram tokenizer matches substrings of at least three characters. */
const SHORTEST = 3;

/**
 * The text every value matching a LIKE pattern holds, when the pattern is one run of plain text with `%`
 * at either end or none (`%lind%`, `lind%`, `lind`); undefined for anything else (`_`, inner `%`,
 * escapes, under three characters), which then goes without the index.
 */
export function literalOf(pattern: string): string | undefined {
  const text = pattern.replace(/^%/, "").replace(/%$/, "");
  if (/[%_\\]/.test(text) || [...text].length < SHORTEST) return undefined;
  return text;
}

/**
 * The FTS5 query for rows where any of the columns holds the text: a column filter (`{a b} : …`) and one
 * quoted phrase, its quotes doubled.
 */
export const searchMatch = (columns: readonly string[], text: string) =>
  `{${columns.join(" ")}} : "${text.replaceAll('"', '""')}"`;
