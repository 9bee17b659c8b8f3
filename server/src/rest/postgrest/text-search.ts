import type { TableDefinition } from "@app/contracts";
import { type RawBuilder, type SqlBool, sql } from "kysely";
import type { Engine } from "../../db/database";
import {
  parseTextSearch,
  type SearchNode,
  type TextSearchConfig,
  tsqueryText,
  withoutStopWords,
} from "../../db/text-search-query";
import { restError } from "../../http/rest-error";
import type { TextSearchOp } from "./parse-query";

/**
 * PostgREST's text search filters on the columns a declaration marks searchable, every query type read
 * into one tree of words (text-search-query.ts). PostgreSQL answers with to_tsquery of that tree over
 * `to_tsvector(config, <the column's words>)`, which the GIN expression indexes cover; SQLite
 * with the FTS5 tables the same migration keeps in step with each table: `<table>_fts_words` (unicode61,
 * case folded, accents kept, as PostgreSQL's parser keeps them) for simple and swedish, and
 * `<table>_fts_stems` (the same with the Porter stemmer) for english. See docs/api/data.md.
 */

/** ASCII punctuation, each replaced by a space before PostgreSQL's parser reads a searched column. */
const PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";

/**
 * The column with its ASCII punctuation read as spaces: words are runs of letters and digits, as in
 * SQLite's unicode61 tokenizer (PostgreSQL's parser would read `hip-hop`, e-mail addresses and paths as
 * words of their own), and the parser never meets a long run like `a_a_a_…`, which it reads in time
 * quadratic in its length. The migration's GIN indexes are built on exactly this expression.
 */
const wordsOnly = (column: RawBuilder<unknown>) =>
  sql`translate(${column}, ${sql.raw(`'${PUNCTUATION.replaceAll("'", "''")}'`)}, ${sql.raw(`'${" ".repeat(PUNCTUATION.length)}'`)})`;

/** supabase-js sends no configuration unless asked; Supabase's databases default to english. */
const DEFAULT_CONFIG: TextSearchConfig = "english";
const CONFIGS = new Set<string>(["simple", "english", "swedish"]);

/** The FTS5 query of a tree without NOT: words as quoted phrases, `*` after a prefix. */
function fts5Query(node: SearchNode): string {
  if (node.kind === "words") return `"${node.words.join(" ")}"${node.prefix ? " *" : ""}`;
  if (node.kind === "not") throw new Error("NOT is answered in SQL, outside FTS5");
  return `(${fts5Query(node.left)} ${node.kind === "and" ? "AND" : "OR"} ${fts5Query(node.right)})`;
}

const holdsNot = (node: SearchNode): boolean =>
  node.kind === "not" || (node.kind !== "words" && (holdsNot(node.left) || holdsNot(node.right)));

/**
 * The tree as SQL on SQLite: each part without a NOT one FTS5 lookup of the rows whose column matches,
 * NOT (which FTS5 has only as "and not") as SQL's.
 */
function sqliteTree(
  table: TableDefinition,
  index: string,
  column: string,
  node: SearchNode,
): RawBuilder<SqlBool> {
  if (node.kind === "not") return sql<SqlBool>`not (${sqliteTree(table, index, column, node.operand)})`;
  if (node.kind !== "words" && holdsNot(node)) {
    const left = sqliteTree(table, index, column, node.left);
    const right = sqliteTree(table, index, column, node.right);
    return sql<SqlBool>`(${left} ${sql.raw(node.kind)} ${right})`;
  }
  const key = sql.ref(table.primaryKey);
  const fts = sql.table(index);
  const match = `{${column}} : (${fts5Query(node)})`;
  return sql<SqlBool>`${key} in (select ${key} from ${sql.table(table.name)} where rowid in
    (select rowid from ${fts} where ${fts} match ${match}))`;
}

export interface TextSearchFilter {
  column: string;
  op: TextSearchOp;
  value: string;
  config?: string;
}

/**
 * The filter's condition. NULL where the column is NULL on both engines (PostgreSQL's to_tsvector of
 * NULL), so `not.fts` leaves those rows out as PostgreSQL does.
 */
export function textSearchSql(
  table: TableDefinition,
  engine: Engine,
  f: TextSearchFilter,
): RawBuilder<SqlBool> {
  const spec = table.columns[f.column];
  if (spec?.type !== "text" || !spec.textSearch) {
    throw restError("42883", `column ${table.name}.${f.column} is not searchable by text search`, {
      hint: "Text search runs on the text columns the table declares searchable",
    });
  }
  const config = (f.config ?? DEFAULT_CONFIG) as TextSearchConfig;
  // The parser admits only these; checked again because the name is written into the SQL.
  if (!CONFIGS.has(config)) throw restError("PGRST100", `unknown text search configuration "${config}"`);
  const tree = parseTextSearch(f.op, f.value);
  const column = sql.ref(f.column);
  if (tree && engine === "postgres") {
    // The configuration as a constant, and the column read as the GIN index reads it (words only); bare,
    // as the planner matches an index only outside a CASE. to_tsvector of NULL is NULL by itself.
    const regconfig = sql.raw(`'${config}'::regconfig`);
    return sql<SqlBool>`to_tsvector(${regconfig}, ${wordsOnly(column)}) @@ to_tsquery(${regconfig}, ${tsqueryText(tree)})`;
  }
  const kept = withoutStopWords(tree, config);
  const index = `${table.name}_fts_${config === "english" ? "stems" : "words"}`;
  const matches = kept ? sqliteTree(table, index, f.column, kept) : sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`(case when ${column} is null then null else ${matches} end)`;
}
