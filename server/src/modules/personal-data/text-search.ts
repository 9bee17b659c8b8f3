import { sql } from "kysely";
import type { Db } from "../../db/database";
import { isPostgres } from "../../db/engine-of";

/**
 * Finding and rewriting a piece of text wherever it is stored, in every table the database has, so an
 * erasure also reaches tables nobody thought of (a mail's body, a rate-limit key, a note on a deal).
 * Tables and their text-like columns are read from the database itself; a row is addressed by its
 * physical locator (SQLite's rowid, PostgreSQL's ctid), which holds for the transaction that read it.
 */

/**
 * Bookkeeping of the migrator (never personal data, never rewritten), and the realtime feed's log of
 * recent writes, which an erasure empties instead (see clearRowChanges).
 */
const SKIPPED_TABLES = new Set(["kysely_migration", "kysely_migration_lock", "row_changes"]);

interface TextColumn {
  table: string;
  column: string;
  /** PostgreSQL's type, to cast the rewritten text back (jsonb, text[]); null on SQLite. */
  type: string | null;
}

/** Every table's text, JSON and list columns, as the database describes them. */
async function listTextColumns(db: Db): Promise<TextColumn[]> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ table: string; column: string; type: string }>`
      select c.relname as "table", a.attname as "column", format_type(a.atttypid, a.atttypmod) as "type"
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
        and a.atttypid in ('text'::regtype, 'varchar'::regtype, 'json'::regtype, 'jsonb'::regtype,
                           'text[]'::regtype)
      order by 1, a.attnum`.execute(db);
    return rows.filter((r) => !SKIPPED_TABLES.has(r.table));
  }
  // Ordinary tables only: a full-text index (a virtual table and its shadow tables) holds no text of its
  // own to erase, follows its content table through triggers, and has no rowid to update by.
  const { rows: tables } = await sql<{ name: string }>`
    select name from pragma_table_list
    where schema = 'main' and type = 'table' and name not like 'sqlite_%' order by name`.execute(db);
  const columns: TextColumn[] = [];
  for (const { name } of tables) {
    if (SKIPPED_TABLES.has(name)) continue;
    const { rows } = await sql<{ name: string; type: string }>`
      select name, type from pragma_table_info(${name})`.execute(db);
    for (const c of rows) {
      if (c.type === "" || /text|char|clob/i.test(c.type))
        columns.push({ table: name, column: c.name, type: null });
    }
  }
  return columns;
}

/** The pattern for LIKE: the needle anywhere, its own % and _ taken literally. */
const likePattern = (needle: string) => `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A cell's text contains the needle, ignoring case: ILIKE on PostgreSQL; on SQLite, whose LIKE folds
 * ASCII only, also the needle's lower- and upper-case forms (so "Åsa" finds "åsa" and "ÅSA").
 */
function containsIgnoringCase(db: Db, text: ReturnType<typeof asText>, needle: string) {
  if (isPostgres(db)) return sql`${text} ilike ${likePattern(needle)} escape '\\'`;
  const forms = [...new Set([needle, needle.toLowerCase(), needle.toUpperCase()])];
  return sql`(${sql.join(
    forms.map((form) => sql`${text} like ${likePattern(form)} escape '\\'`),
    sql` or `,
  )})`;
}

const asText = (db: Db, c: TextColumn) =>
  isPostgres(db) ? sql`${sql.ref(c.column)}::text` : sql`${sql.ref(c.column)}`;
const locator = (db: Db) => (isPostgres(db) ? sql`ctid::text` : sql`rowid`);

const byTable = (columns: TextColumn[]) => {
  const tables = new Map<string, TextColumn[]>();
  for (const c of columns) tables.set(c.table, [...(tables.get(c.table) ?? []), c]);
  return tables;
};

export interface Mention {
  table: string;
  locator: string | number;
  /** The row's text-like cells that contain a needle, by column. */
  cells: Record<string, string>;
}

/**
 * Rows of one table with a text cell containing a needle (ignoring case), with those cells; rows whose
 * `id` is in `exceptIds` are left out.
 */
async function mentionsInTable(
  db: Db,
  table: string,
  columns: TextColumn[],
  needles: readonly string[],
  exceptIds: readonly string[] = [],
): Promise<Mention[]> {
  const conditions = columns.flatMap((c) => needles.map((n) => containsIgnoringCase(db, asText(db, c), n)));
  const except =
    exceptIds.length > 0
      ? sql` and ${sql.ref("id")} not in (${sql.join(exceptIds.map((id) => sql`${id}`))})`
      : sql``;
  const selected = columns.map((c, i) => sql`${asText(db, c)} as ${sql.ref(`c${i}`)}`);
  const { rows } = await sql<Record<string, string | number | null>>`
    select ${locator(db)} as loc, ${sql.join(selected)} from ${sql.table(table)}
    where (${sql.join(conditions, sql` or `)})${except}`.execute(db);
  const exact = needles.map((n) => new RegExp(escapeRegExp(n), "i"));
  const mentions: Mention[] = [];
  for (const row of rows) {
    const cells: Record<string, string> = {};
    columns.forEach((c, i) => {
      const value = row[`c${i}`];
      if (typeof value === "string" && exact.some((re) => re.test(value))) cells[c.column] = value;
    });
    if (Object.keys(cells).length > 0) mentions.push({ table, locator: row.loc as string | number, cells });
  }
  return mentions;
}

/** Every stored row that contains one of the needles (ignoring case) in a text-like cell. */
export async function findMentions(
  db: Db,
  needles: readonly string[],
  opts: { skipTables?: ReadonlySet<string> } = {},
): Promise<Mention[]> {
  const found: Mention[] = [];
  for (const [table, columns] of byTable(await listTextColumns(db))) {
    if (opts.skipTables?.has(table)) continue;
    found.push(...(await mentionsInTable(db, table, columns, needles)));
  }
  return found;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Replaces each needle (ignoring case) in every text-like cell of every table that holds it, but in the
 * tables skipped and, in a table with an `id`, the rows of `except` there. Returns rows changed per table.
 */
export async function replaceEverywhere(
  trx: Db,
  args: {
    needles: readonly string[];
    replacement: () => string;
    skipTables?: ReadonlySet<string>;
    except?: { table: string; ids: readonly string[] };
  },
): Promise<Map<string, number>> {
  const changed = new Map<string, number>();
  if (args.needles.length === 0) return changed;
  const patterns = args.needles.map((n) => new RegExp(escapeRegExp(n), "gi"));
  const columns = await listTextColumns(trx);
  for (const [table, tableColumns] of byTable(columns)) {
    if (args.skipTables?.has(table)) continue;
    const exceptIds = args.except?.table === table ? args.except.ids : [];
    for (const mention of await mentionsInTable(trx, table, tableColumns, args.needles, exceptIds)) {
      const sets = Object.entries(mention.cells).map(([name, text]) => {
        const rewritten = patterns.reduce((t, re) => t.replace(re, args.replacement), text);
        const type = tableColumns.find((c) => c.column === name)?.type;
        const value = type ? sql`cast(${rewritten} as ${sql.raw(type)})` : sql`${rewritten}`;
        return sql`${sql.ref(name)} = ${value}`;
      });
      const where = isPostgres(trx)
        ? sql`ctid = cast(${String(mention.locator)} as tid)`
        : sql`rowid = ${mention.locator}`;
      await sql`update ${sql.table(table)} set ${sql.join(sets)} where ${where}`.execute(trx);
      changed.set(table, (changed.get(table) ?? 0) + 1);
    }
  }
  return changed;
}

/** Ids of a table's rows with a text-like cell containing one of the needles (ignoring case). */
export async function idsMentioning(db: Db, table: string, needles: readonly string[]): Promise<string[]> {
  const columns = (await listTextColumns(db)).filter((c) => c.table === table);
  if (columns.length === 0 || needles.length === 0) return [];
  const conditions = columns.flatMap((c) => needles.map((n) => containsIgnoringCase(db, asText(db, c), n)));
  const { rows } = await sql<{ id: string }>`
    select ${isPostgres(db) ? sql`id::text` : sql`id`} as id from ${sql.table(table)}
    where ${sql.join(conditions, sql` or `)}`.execute(db);
  return rows.map((r) => r.id);
}
