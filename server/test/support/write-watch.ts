import { sql } from "kysely";
import type { Database } from "../../src/db/database";

/**
 * Tables a refused request may rightly write to: the audit log records failed attempts, rate-limit
 * counters count them, and the migrator keeps its own bookkeeping. The realtime feed's log is written only
 * by the triggers of the tables it logs, which are watched themselves (and the server prunes it).
 */
const EXCLUDED = new Set([
  "audit_log",
  "rate_limits",
  "kysely_migration",
  "kysely_migration_lock",
  "migrations",
  "row_changes",
  // The realtime relay's messages, node leases and presences: written by sockets, never by the API.
  "realtime_messages",
  "realtime_nodes",
  "realtime_presences",
]);

/** The test-only table the watch's triggers append to: one row per row written anywhere else. */
const LOG = "test_write_log";

/** Where the log stood at one moment: writes after it are those with a higher id. */
type WriteMark = number;

export interface WriteWatch {
  mark(): Promise<WriteMark>;
  /** What was written since the mark, one line per table and kind ("sessions: 2 update"); [] if nothing. */
  since(mark: WriteMark): Promise<string[]>;
}

async function watchedTables(db: Database): Promise<string[]> {
  const rows =
    db.engine === "postgres"
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
      : // Ordinary tables only: a full-text index (a virtual table and its shadow tables) is written only by
        // the triggers of the table it indexes, which is watched itself.
        await sql<{ name: string }>`select name from pragma_table_list
          where schema = 'main' and type = 'table' and name not like 'sqlite_%'`.execute(db);
  return rows.rows
    .map((r) => r.name)
    .filter((n) => !EXCLUDED.has(n) && n !== LOG)
    .sort();
}

/**
 * Installs triggers on this throwaway test database that log every row inserted, updated or deleted in
 * every table (but those above), so "the request wrote nothing" is one indexed read rather than a hash of
 * every row. Stricter than comparing contents: a write that leaves a row as it was counts too. A write
 * rolled back with its transaction leaves no log row, as it leaves no data. Install it once the app
 * exists (tables created later are not watched).
 */
export async function watchWrites(db: Database): Promise<WriteWatch> {
  const tables = await watchedTables(db);
  if (db.engine === "postgres") {
    await sql`create table ${sql.table(LOG)} (id bigserial primary key, table_name text not null,
      op text not null)`.execute(db);
    await sql`create function test_log_write() returns trigger language plpgsql as $$
      begin
        insert into test_write_log (table_name, op) values (TG_TABLE_NAME, lower(TG_OP));
        return null;
      end $$`.execute(db);
    for (const t of tables) {
      // Row-level, so a statement that matched no row (an update of an unknown id) logs nothing.
      await sql`create trigger test_watch after insert or update or delete on ${sql.table(t)}
        for each row execute function test_log_write()`.execute(db);
      await sql`create trigger test_watch_truncate after truncate on ${sql.table(t)}
        for each statement execute function test_log_write()`.execute(db);
    }
  } else {
    await sql`create table ${sql.table(LOG)} (id integer primary key, table_name text not null,
      op text not null)`.execute(db);
    for (const t of tables) {
      for (const op of ["insert", "update", "delete"]) {
        await sql`create trigger ${sql.id(`test_watch_${t}_${op}`)} after ${sql.raw(op)} on ${sql.table(t)}
          begin insert into test_write_log (table_name, op) values (${sql.lit(t)}, ${sql.lit(op)}); end`.execute(
          db,
        );
      }
    }
  }
  return {
    async mark() {
      const { rows } = await sql<{ id: number | string | null }>`select max(id) as id from ${sql.table(
        LOG,
      )}`.execute(db);
      return Number(rows[0]?.id ?? 0);
    },
    async since(mark) {
      const { rows } = await sql<{ table_name: string; op: string; n: number | string }>`
        select table_name, op, count(*) as n from ${sql.table(LOG)} where id > ${mark}
        group by table_name, op order by table_name, op`.execute(db);
      return rows.map((r) => `${r.table_name}: ${Number(r.n)} ${r.op}`);
    },
  };
}
