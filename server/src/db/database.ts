import { chmodSync, closeSync, existsSync, openSync } from "node:fs";
import SQLite from "better-sqlite3";
import { type Compilable, Kysely, SqliteDialect } from "kysely";
import type { Tables } from "./schema";

export interface DatabaseOptions {
  path: string;
  synchronous?: "FULL" | "NORMAL";
}

/**
 * One SQLite connection used two ways: Kysely builds every query (and runs migrations), while reads and
 * writes on request paths go through `all`/`first`/`run`, which keep one prepared statement per SQL text.
 * Kysely's driver would prepare the statement again on every call.
 */
export interface Database {
  kysely: Kysely<Tables>;
  sqlite: SQLite.Database;
  all<R>(query: Compilable<R>): R[];
  first<R>(query: Compilable<R>): R | undefined;
  run(query: Compilable<unknown>): SQLite.RunResult;
  /**
   * Memoises a read until the database changes (any write on this connection, or a commit by another
   * process such as the CLI). For hot, rarely written tables read by every visitor.
   */
  cachedRead<T>(key: string, read: () => T): T;
  /** Changes whenever the database may have changed (a write here or a commit by another process). */
  changeStamp(): string;
  /** Runs fn inside BEGIN IMMEDIATE, so concurrent writers queue instead of racing. */
  transaction<T>(fn: () => T): T;
  close(): void;
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

export function openDatabase({ path, synchronous = "FULL" }: DatabaseOptions): Database {
  createPrivately(path);
  const sqlite = new SQLite(path);
  sqlite.pragma("journal_mode = WAL");
  tightenSidecars(path);
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma(`synchronous = ${synchronous}`);
  const kysely = new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) });
  const statements = new Map<string, SQLite.Statement>();

  function prepare(query: Compilable<unknown>) {
    const compiled = query.compile();
    let stmt = statements.get(compiled.sql);
    if (!stmt) {
      stmt = sqlite.prepare(compiled.sql);
      statements.set(compiled.sql, stmt);
    }
    return { stmt, params: compiled.parameters as unknown[] };
  }

  // data_version moves when another connection commits; total_changes() when this one writes.
  const dataVersion = sqlite.prepare("PRAGMA data_version").pluck();
  const totalChanges = sqlite.prepare("SELECT total_changes()").pluck();
  const MAX_CACHED_READS = 256;
  const reads = new Map<string, unknown>();
  let readsStamp = "";

  return {
    kysely,
    sqlite,
    changeStamp: () => `${dataVersion.get()}:${totalChanges.get()}`,
    cachedRead<T>(key: string, read: () => T): T {
      const stamp = `${dataVersion.get()}:${totalChanges.get()}`;
      if (stamp !== readsStamp) {
        reads.clear();
        readsStamp = stamp;
      }
      if (reads.has(key)) return reads.get(key) as T;
      const value = read();
      if (reads.size >= MAX_CACHED_READS) reads.clear();
      reads.set(key, value);
      return value;
    },
    all<R>(query: Compilable<R>) {
      const { stmt, params } = prepare(query);
      return stmt.all(...params) as R[];
    },
    first<R>(query: Compilable<R>) {
      const { stmt, params } = prepare(query);
      return stmt.get(...params) as R | undefined;
    },
    run(query) {
      const { stmt, params } = prepare(query);
      return stmt.run(...params);
    },
    transaction<T>(fn: () => T): T {
      return sqlite.transaction(fn).immediate();
    },
    close() {
      statements.clear();
      if (sqlite.open) sqlite.close();
    },
  };
}

/** ISO-8601 UTC timestamp as stored in every *_at column. */
export const now = () => new Date().toISOString();

const PARAM = Symbol("query parameter");
type Placeholder = { [PARAM]: number };
const isPlaceholder = (v: unknown): v is Placeholder => typeof v === "object" && v !== null && PARAM in v;

/**
 * A query of fixed shape whose arguments are used only as plain values (no branching on them): Kysely
 * builds and compiles it once per database with placeholders, and every call after that runs the same
 * prepared statement with the new values (constants written into the query stay as they were). For
 * queries on hot paths (session checks, token rotation), where building and compiling a Kysely query
 * costs more than running it.
 */
export function fixedQuery<A extends unknown[], R>(
  build: (kysely: Kysely<Tables>, ...args: A) => Compilable<R>,
) {
  type Slot = { arg: number } | { constant: unknown };
  const prepared = new WeakMap<Database, { stmt: SQLite.Statement; slots: Slot[] }>();
  function statementFor(db: Database) {
    let entry = prepared.get(db);
    if (!entry) {
      const placeholders = Array.from({ length: build.length - 1 }, (_, i): Placeholder => ({ [PARAM]: i }));
      const compiled = build(db.kysely, ...(placeholders as unknown as A)).compile();
      const slots = compiled.parameters.map(
        (p): Slot => (isPlaceholder(p) ? { arg: p[PARAM] } : { constant: p }),
      );
      entry = { stmt: db.sqlite.prepare(compiled.sql), slots };
      prepared.set(db, entry);
    }
    return entry;
  }
  const valuesFor = (slots: Slot[], args: A) => slots.map((s) => ("arg" in s ? args[s.arg] : s.constant));
  return {
    all(db: Database, ...args: A): R[] {
      const { stmt, slots } = statementFor(db);
      return stmt.all(...valuesFor(slots, args)) as R[];
    },
    first(db: Database, ...args: A): R | undefined {
      const { stmt, slots } = statementFor(db);
      return stmt.get(...valuesFor(slots, args)) as R | undefined;
    },
    run(db: Database, ...args: A): SQLite.RunResult {
      const { stmt, slots } = statementFor(db);
      return stmt.run(...valuesFor(slots, args));
    },
  };
}
