import { type Kysely, sql } from "kysely";
import { dialectOf } from "./dialect";

/** The text columns the data API's text search reads (the columns their declarations mark searchable). */
const SEARCHED: Record<string, readonly string[]> = {
  crm_contacts: ["first_name", "last_name", "stage_name", "notes"],
  crm_companies: ["name", "notes"],
  events: ["title", "description"],
};

const CONFIGS = ["simple", "english", "swedish"] as const;

/**
 * What PostgreSQL's indexes read: the column with its ASCII punctuation as spaces, so words are runs of
 * letters and digits as in SQLite's tokenizer, and the parser never meets a long `a_a_a_…` run (which it
 * reads in quadratic time). The search filters write exactly this expression.
 */
const PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
const wordsOnly = (column: string) =>
  `translate(${column}, '${PUNCTUATION.replaceAll("'", "''")}', '${" ".repeat(PUNCTUATION.length)}')`;

/**
 * SQLite's FTS5 tokenizers, one index per way of reading words: `words` folds case and keeps accents and
 * every word, as PostgreSQL's simple configuration does (swedish reads it too, without stemming);
 * `stems` adds the Porter stemmer for english.
 */
const SQLITE_INDEXES = {
  words: "unicode61 remove_diacritics 0",
  stems: "porter unicode61 remove_diacritics 0",
} as const;

/**
 * Text search indexes. PostgreSQL: a GIN index on `to_tsvector(config, <column's words>)` for each searchable
 * column and configuration, the expression the search filters write. SQLite: FTS5 tables reading the text
 * from their table (external content, matched by rowid), kept in step by triggers; rowids are stable as
 * nothing here runs VACUUM (after a manual one, `insert into <index>(<index>) values ('rebuild')`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  for (const [table, columns] of Object.entries(SEARCHED)) {
    if (t.isPostgres) {
      for (const column of columns) {
        for (const config of CONFIGS) {
          await sql
            .raw(`create index ${table}_${column}_${config}_fts_idx on ${table}
              using gin (to_tsvector('${config}'::regconfig, ${wordsOnly(column)}))`)
            .execute(db);
        }
      }
      continue;
    }
    for (const [kind, tokenize] of Object.entries(SQLITE_INDEXES)) {
      await createSqliteIndex(db, table, `${table}_fts_${kind}`, columns, tokenize);
    }
  }
}

async function createSqliteIndex(
  db: Kysely<any>,
  table: string,
  index: string,
  columns: readonly string[],
  tokenize: string,
) {
  const list = columns.join(", ");
  const values = (row: "new" | "old") => columns.map((c) => `${row}.${c}`).join(", ");
  await sql
    .raw(`create virtual table ${index} using fts5(${list},
      content = '${table}', content_rowid = 'rowid', tokenize = '${tokenize}')`)
    .execute(db);
  await sql
    .raw(`create trigger ${index}_insert after insert on ${table} begin
      insert into ${index} (rowid, ${list}) values (new.rowid, ${values("new")});
    end`)
    .execute(db);
  await sql
    .raw(`create trigger ${index}_delete after delete on ${table} begin
      insert into ${index} (${index}, rowid, ${list}) values ('delete', old.rowid, ${values("old")});
    end`)
    .execute(db);
  await sql
    .raw(`create trigger ${index}_update after update of ${list} on ${table} begin
      insert into ${index} (${index}, rowid, ${list}) values ('delete', old.rowid, ${values("old")});
      insert into ${index} (rowid, ${list}) values (new.rowid, ${values("new")});
    end`)
    .execute(db);
  await sql.raw(`insert into ${index} (${index}) values ('rebuild')`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  for (const [table, columns] of Object.entries(SEARCHED)) {
    if (t.isPostgres) {
      for (const column of columns) {
        for (const config of CONFIGS)
          await db.schema.dropIndex(`${table}_${column}_${config}_fts_idx`).execute();
      }
      continue;
    }
    for (const kind of Object.keys(SQLITE_INDEXES)) {
      const index = `${table}_fts_${kind}`;
      for (const trigger of ["insert", "delete", "update"])
        await sql.raw(`drop trigger ${index}_${trigger}`).execute(db);
      await sql.raw(`drop table ${index}`).execute(db);
    }
  }
}
