import { chmodSync, closeSync, existsSync, openSync } from "node:fs";
import type SQLite from "better-sqlite3";
import { CompiledQuery, type DatabaseConnection, SqliteDialect, SqliteDriver } from "kysely";
import { jsonContains } from "../json-contains";
import { jsonbText } from "../jsonb-text";
import { matchesLike } from "../like-matcher";
import { matchesRegex } from "../regex-matcher";
import { openSqliteFile } from "./sqlite-file";

export interface SqliteOptions {
  path: string;
  synchronous?: "FULL" | "NORMAL";
}

const MAX_STATEMENTS = 500;

/** better-sqlite3 binds neither booleans nor dates; PostgreSQL's driver does. Same values on both engines. */
function bindable(value: unknown): unknown {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value;
}

/**
 * The better-sqlite3 handle as Kysely's driver sees it, keeping one prepared statement per SQL text:
 * Kysely's own driver prepares the statement again on every call, which costs more than running it.
 */
function withStatementCache(sqlite: SQLite.Database, afterStatement: () => void) {
  const statements = new Map<string, SQLite.Statement>();
  let run = 0;
  const after = <T>(result: T) => {
    afterStatement();
    return result;
  };
  return {
    statementsRun: () => run,
    close: () => {
      statements.clear();
      if (sqlite.open) sqlite.close();
    },
    prepare(sql: string) {
      let stmt = statements.get(sql);
      if (!stmt) {
        stmt = sqlite.prepare(sql);
        if (statements.size >= MAX_STATEMENTS) statements.clear();
        statements.set(sql, stmt);
      }
      const s = stmt;
      run++;
      return {
        reader: s.reader,
        all: (parameters: readonly unknown[]) => after(s.all(parameters.map(bindable))),
        run: (parameters: readonly unknown[]) => after(s.run(parameters.map(bindable))),
        iterate: (parameters: readonly unknown[]) => after(s.iterate(parameters.map(bindable))),
      };
    },
  };
}

/**
 * Transactions start with BEGIN IMMEDIATE: the write lock is taken up front, so two writers (this process
 * and the CLI, say) queue on busy_timeout instead of one failing when a read turns into a write.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly database: ReturnType<typeof withStatementCache>) {
    super({ database });
  }
  override createDriver() {
    return new ImmediateSqliteDriver({ database: this.database });
  }
}

const OWNER_ONLY = 0o600;

/** Tightens a file's mode; a file owned by someone else keeps the mode its owner chose. */
function ownerOnly(file: string) {
  try {
    chmodSync(file, OWNER_ONLY);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EPERM") throw err;
  }
}

/**
 * The database holds password hashes and personal data, so it is readable by its owner only, like the
 * secret file. SQLite gives the -wal and -shm files the mode of the database file, so creating that one
 * 0600 is enough for new installs; an existing install's files are tightened as well.
 */
function createPrivately(path: string) {
  if (path === ":memory:" || path === "") return;
  if (!existsSync(path)) closeSync(openSync(path, "a", OWNER_ONLY));
  ownerOnly(path);
}

function tightenSidecars(path: string) {
  if (path === ":memory:" || path === "") return;
  for (const file of [`${path}-wal`, `${path}-shm`]) if (existsSync(file)) ownerOnly(file);
}

const STATISTICS_EVERY_MS = 60 * 60 * 1000;

/**
 * SQLite's own advice for a long-lived connection: `PRAGMA optimize` when it opens and every hour after.
 * It refreshes the planner's statistics (sqlite_stat1) of tables whose size changed a lot, reading at most
 * analysis_limit rows per index, so it costs milliseconds. Without them the planner cannot tell a search
 * index that finds ten rows from an ordered walk over every row, and picks the walk.
 */
function refreshPlannerStatistics(sqlite: SQLite.Database) {
  if (!sqlite.open || sqlite.inTransaction) return;
  try {
    sqlite.pragma("analysis_limit = 1000");
    sqlite.pragma("optimize = 0x10002");
  } catch {
    // Busy with another process's write: the next hour's run catches up.
  }
}

/** A pattern function as SQL: NULL in, NULL out (PostgreSQL's strictness); otherwise 1 or 0. */
const patternMatcher =
  (matches: (pattern: string, value: string, caseInsensitive: boolean) => boolean) =>
  (pattern: unknown, value: unknown, caseInsensitive: unknown) =>
    value === null || pattern === null
      ? null
      : matches(String(pattern), String(value), caseInsensitive === 1)
        ? 1
        : 0;

export function openSqlite({ path, synchronous = "FULL" }: SqliteOptions) {
  createPrivately(path);
  const sqlite = openSqliteFile(path);
  sqlite.pragma("journal_mode = WAL");
  tightenSidecars(path);
  sqlite.pragma("foreign_keys = ON");
  // Deleted and overwritten content (an erased person's rows, an old password hash) is zeroed in the
  // page instead of lingering in free space until reused; a checkpoint then takes it out of the WAL too.
  sqlite.pragma("secure_delete = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma(`synchronous = ${synchronous}`);
  // PostgreSQL's LIKE and ILIKE (SQLite's own LIKE folds ASCII only and has no default escape).
  sqlite.function("app_like", { deterministic: true }, patternMatcher(matchesLike));
  // PostgreSQL's `~` and `~*`, in linear time (see regex-matcher.ts).
  sqlite.function("app_regex", { deterministic: true }, patternMatcher(matchesRegex));
  // PostgreSQL's jsonb `@>` over JSON text, for the cs/cd filters of JSON columns.
  sqlite.function("app_json_contains", { deterministic: true }, (left, right) =>
    left === null || right === null ? null : jsonContains(String(left), String(right)) ? 1 : 0,
  );
  // PostgreSQL's jsonb text of an array or object (`->>` on one), from SQLite's compact JSON text.
  sqlite.function("app_jsonb_text", { deterministic: true }, (json) =>
    json === null ? null : jsonbText(JSON.parse(String(json))),
  );
  refreshPlannerStatistics(sqlite);
  const statistics = setInterval(() => refreshPlannerStatistics(sqlite), STATISTICS_EVERY_MS);
  statistics.unref();
  // The stamp read last, until this connection runs a statement or the event loop turns (see changeStamp).
  let lastStamp: string | undefined;
  const forgetStamp = () => {
    lastStamp = undefined;
  };
  const cached = withStatementCache(sqlite, forgetStamp);
  const database = {
    ...cached,
    close() {
      clearInterval(statistics);
      cached.close();
    },
  };
  // data_version moves when another connection commits; total_changes() when this one writes. One
  // statement reads both. The public read cache asks on every request, so a stamp is kept until this
  // connection runs anything (its own write shows at once) or the loop turns: another process's commit
  // is seen from the next turn, as if the requests of this one had all arrived a moment before it.
  const stamp = sqlite
    .prepare("SELECT data_version, total_changes() FROM pragma_data_version")
    .raw() as SQLite.Statement<[], [number, number]>;
  return {
    dialect: new ImmediateSqliteDialect(database),
    sqlite,
    statementsRun: cached.statementsRun,
    changeStamp: () => {
      if (lastStamp === undefined) {
        const [version, changes] = stamp.get() as [number, number];
        lastStamp = `${version}:${changes}`;
        setImmediate(forgetStamp);
      }
      return lastStamp;
    },
  };
}
