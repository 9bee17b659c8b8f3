import {
  type Compilable,
  type CompiledQuery,
  Kysely,
  type KyselyPlugin,
  PostgresAdapter,
  type QueryResult,
} from "kysely";
import type { Logger } from "pino";
import { type DatabaseTarget, redactDatabaseUrl } from "./engine/connection-url";
import { openPostgres, type RelayNotice } from "./engine/postgres";
import { SENT_WITH_NEXT } from "./engine/postgres-client";
import { openSqlite } from "./engine/sqlite";
import { groupCommit } from "./engine/sqlite-group-commit";
import type { Tables } from "./schema";

export type Engine = DatabaseTarget["engine"];

/** What repositories take: the database itself or a transaction on it. */
export type Db = Kysely<Tables>;

interface DatabaseExtras {
  readonly engine: Engine;
  /** Where the data lives, without a password: for logs and messages. */
  readonly description: string;
  /**
   * Runs fn in one transaction (READ COMMITTED on PostgreSQL, where callers lock the rows they decide on
   * with `forUpdate`). On SQLite fn runs as a savepoint of a BEGIN IMMEDIATE transaction shared with the
   * other bodies of the same event-loop turn, one body at a time, committed once (see
   * sqlite-group-commit.ts); its promise settles after that commit, and a body that throws undoes only its
   * own writes. Inside, use only the `trx` it is given: on SQLite the one connection is held by the
   * transaction, so a query on the outer database would wait for ever.
   */
  withTransaction<T>(fn: (trx: Db) => Promise<T>): Promise<T>;
  /**
   * Changes whenever the data may have changed: a write by this process, a commit by another (SQLite's
   * data_version) or a change notified by another node (PostgreSQL's LISTEN/NOTIFY). Synchronous, so a
   * cache in front of the app can check it without a round trip.
   */
  changeStamp(): string;
  /**
   * Calls `listener` when rows may have been appended to `row_changes`: on PostgreSQL with the committed
   * transaction's id, as its notification arrives (from any node or the CLI), and without one when the
   * listening connection is back after a loss (notifications may have been missed); on SQLite without one, after
   * this process writes and when another connection's commit moves data_version (looked at every
   * ROW_CHANGES_POLL_MS while anyone listens). Returns a function that stops listening.
   */
  onRowChanges(listener: (tx?: number) => void): () => void;
  /**
   * Calls `listener` when another node may have relayed a realtime message (see realtime-relay.ts): on
   * PostgreSQL with the message's node and id, as its notification arrives, and without them when the
   * listening connection is back after a loss; on SQLite without them, woken as onRowChanges is.
   */
  onRelayMessages(listener: (notice?: RelayNotice) => void): () => void;
  /**
   * Statements this process has sent to the database: on PostgreSQL each is a round trip on a pooled
   * connection (BEGIN and COMMIT included); on SQLite, each statement run. What the hot writes' budget
   * of round trips is measured with.
   */
  statementsSent(): number;
  /** Memoises a read until the change stamp moves. For hot, rarely written tables. */
  cachedRead<T>(key: string, read: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type Database = Db & DatabaseExtras;

export interface OpenDatabaseOptions {
  target: DatabaseTarget;
  synchronous?: "FULL" | "NORMAL";
  poolSize?: number;
  logger?: Logger;
  /** False: cachedRead always reads (benchmarks of the database's own cost). */
  readCache?: boolean;
}

/** Counts writes that changed rows, so this process's own writes move its change stamp at once. */
class WriteCounter implements KyselyPlugin {
  writes = 0;
  onWrite = () => {};
  transformQuery<T>(args: { node: T }) {
    return args.node;
  }
  async transformResult(args: { result: QueryResult<Record<string, unknown>> }) {
    if ((args.result.numAffectedRows ?? 0n) > 0n) {
      this.writes++;
      this.onWrite();
    }
    return args.result;
  }
}

const MAX_CACHED_READS = 256;

/** How often a SQLite process looks whether another one committed, while the realtime feed listens. */
const ROW_CHANGES_POLL_MS = 100;

/**
 * SQLite's wake-ups for the realtime feed: this process's writes (the feed's read waits for the one
 * connection, so it runs after the commit) and, by polling the change stamp, other processes' commits.
 */
function sqliteRowChanges(stamp: () => string) {
  const listeners = new Set<(tx?: number) => void>();
  let poll: NodeJS.Timeout | undefined;
  let last = "";
  let pending = false;
  const wake = () => {
    if (pending || listeners.size === 0) return;
    pending = true;
    setImmediate(() => {
      pending = false;
      for (const listener of listeners) listener();
    });
  };
  return {
    wake,
    listen(listener: (tx?: number) => void) {
      listeners.add(listener);
      if (!poll) {
        last = stamp();
        poll = setInterval(() => {
          const now = stamp();
          if (now !== last) wake();
          last = now;
        }, ROW_CHANGES_POLL_MS);
        poll.unref();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          clearInterval(poll);
          poll = undefined;
        }
      };
    },
  };
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const { target } = options;
  const counter = new WriteCounter();
  let engineStamp: () => string;
  let onRowChanges: DatabaseExtras["onRowChanges"];
  let onRelayMessages: DatabaseExtras["onRelayMessages"];
  let kysely: Kysely<Tables>;
  let shutdown: () => Promise<void>;
  let statementsSent: () => number;
  let withTransaction: DatabaseExtras["withTransaction"];
  // Moves the stamp after a commit too (a read cached while the transaction ran is not reused) and, as a
  // write whose statement returns its rows reports no affected rows, wakes the realtime feed on SQLite
  // (PostgreSQL's own notification does it there).
  const afterCommit = () => {
    counter.writes++;
    counter.onWrite();
  };
  if (target.engine === "sqlite") {
    const sqlite = openSqlite({ path: target.path, synchronous: options.synchronous });
    kysely = new Kysely<Tables>({ dialect: sqlite.dialect, plugins: [counter] });
    engineStamp = sqlite.changeStamp;
    const rowChanges = sqliteRowChanges(sqlite.changeStamp);
    counter.onWrite = rowChanges.wake;
    onRowChanges = rowChanges.listen;
    onRelayMessages = (listener) => rowChanges.listen(() => listener());
    statementsSent = sqlite.statementsRun;
    withTransaction = groupCommit(kysely, sqlite.sqlite, afterCommit);
    shutdown = () => kysely.destroy();
  } else {
    const pg = openPostgres({ url: target.url, poolSize: options.poolSize, logger: options.logger });
    kysely = new Kysely<Tables>({ dialect: pg.dialect, plugins: [counter] });
    await pg.ready;
    engineStamp = pg.changeStamp;
    onRowChanges = pg.onRowChanges;
    onRelayMessages = pg.onRelayMessages;
    statementsSent = pg.statementsSent;
    const pgKysely = kysely;
    withTransaction = async (fn) => {
      try {
        return await pgKysely.transaction().execute(fn);
      } finally {
        afterCommit();
      }
    };
    shutdown = async () => {
      await pg.stopListening();
      await kysely.destroy();
    };
  }

  const changeStamp = () => `${engineStamp()}:${counter.writes}`;
  const reads = new Map<string, { stamp: string; value: Promise<unknown> }>();
  const extras: DatabaseExtras = {
    engine: target.engine,
    description: redactDatabaseUrl(target),
    withTransaction,
    changeStamp,
    onRowChanges,
    onRelayMessages,
    statementsSent,
    cachedRead<T>(key: string, read: () => Promise<T>): Promise<T> {
      if (options.readCache === false) return read();
      const stamp = changeStamp();
      const hit = reads.get(key);
      if (hit && hit.stamp === stamp) return hit.value as Promise<T>;
      const value = read();
      if (reads.size >= MAX_CACHED_READS) reads.clear();
      reads.set(key, { stamp, value });
      value.catch(() => reads.delete(key));
      return value;
    },
    close: shutdown,
  };
  return Object.assign(kysely, extras);
}

/** ISO-8601 UTC timestamp as stored in every *_at column. */
export const now = () => new Date().toISOString();

/**
 * A write inside a transaction whose answer nobody reads (a timeline row, a touched timestamp): on
 * PostgreSQL it goes out with the transaction's next statement, usually its COMMIT, instead of costing a
 * round trip of its own; if it fails, that statement fails with its error and nothing is written. On
 * SQLite, which has no round trips, and outside a transaction (where no next statement of the same
 * connection is sure to follow), it runs at once.
 */
export async function sendWithNext(
  trx: Db,
  query: Compilable<unknown> | CompiledQuery<unknown>,
): Promise<void> {
  const compiled = "compile" in query ? query.compile() : query;
  if (trx.isTransaction && trx.getExecutor().adapter instanceof PostgresAdapter) {
    await trx.executeQuery({ ...compiled, sql: SENT_WITH_NEXT + compiled.sql });
  } else {
    await trx.executeQuery(compiled);
  }
}

/** Opens the database the configuration names. */
export function openConfiguredDatabase(
  config: {
    DATABASE: DatabaseTarget;
    SQLITE_SYNCHRONOUS: "FULL" | "NORMAL";
    DATABASE_POOL_SIZE: number;
    READ_CACHE?: boolean;
  },
  logger?: Logger,
) {
  return openDatabase({
    target: config.DATABASE,
    synchronous: config.SQLITE_SYNCHRONOUS,
    poolSize: config.DATABASE_POOL_SIZE,
    readCache: config.READ_CACHE,
    logger,
  });
}
