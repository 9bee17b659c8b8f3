import type { Caller } from "@app/contracts";
import type { Logger } from "pino";
import type { Database } from "../../db/database";
import { readClock, readLoggedRow, type TableHandle } from "../../rest/data-api";
import type { Row } from "../../rest/table-hooks";
import type { ChangeBinding } from "./change-bindings";
import {
  changesAfter,
  changesOfTransaction,
  type LoggedChange,
  lastChangeId,
  transactionsAfter,
} from "./row-changes-repository";

/** One channel's postgres_changes: its bindings, who it is now (a token refresh changes it), its socket. */
export interface ChangeSubscriber {
  bindings: readonly ChangeBinding[];
  caller(): Caller;
  send(payload: Record<string, unknown>): void;
}

/** PostgreSQL's type names, which realtime-js's `columns` carry and its converters read. */
const COLUMN_TYPES: Record<string, string> = {
  uuid: "uuid",
  text: "text",
  integer: "int4",
  number: "float8",
  boolean: "bool",
  timestamp: "timestamptz",
  date: "date",
  "text[]": "_text",
  json: "jsonb",
};

const PAGE = 200;
const REMEMBERED_TRANSACTIONS = 10_000;

/**
 * The database's committed changes, fanned out to the channels that asked for them, in commit order:
 * each row is read back as its subscriber would read it through the data API (policy, hidden rows,
 * derived columns), with the subscriber's filters, so a change reaches only who may see the row. It
 * listens only while someone subscribes; on PostgreSQL every node hears every commit through NOTIFY.
 */
export function createChangeFeed(deps: {
  db: Database;
  handles: ReadonlyMap<string, TableHandle>;
  now: () => number;
  logger?: Logger;
}) {
  const { db, handles } = deps;
  const subscribers = new Set<ChangeSubscriber>();
  let stopListening: (() => void) | undefined;
  let started: Promise<void> | undefined;
  /** SQLite: the last change delivered; PostgreSQL: the last logged when the feed started. */
  let lastId = 0;
  /** PostgreSQL: the transactions delivered lately, so a catch-up and a late notification agree. */
  const delivered = new Set<number>();
  let queue = Promise.resolve();

  function message(change: LoggedChange, handle: TableHandle, row: Row, select?: readonly string[]) {
    const { table } = handle;
    const columns = select ?? table.columnNames;
    const key = { [table.primaryKey]: row[table.primaryKey] };
    const record = Object.fromEntries(columns.map((name) => [name, row[name]]));
    return {
      schema: "public",
      table: table.name,
      commit_timestamp: change.created_at,
      type: change.op,
      columns: columns.map((name) => ({
        name,
        type: COLUMN_TYPES[table.columns[name]?.type ?? ""] ?? "text",
      })),
      // A delete is announced by its key alone, and so is the row an update replaced.
      ...(change.op === "DELETE" ? {} : { record }),
      ...(change.op === "INSERT" ? {} : { old_record: key }),
      errors: null,
    };
  }

  async function deliver(change: LoggedChange) {
    const handle = handles.get(change.table_name);
    if (!handle) return;
    const at = readClock(deps.now());
    // Subscribers who read alike (the same caller class and filters) share one read of the row.
    const reads = new Map<string, Promise<Row | undefined>>();
    const readAs = (caller: Caller, binding: ChangeBinding) => {
      const key = `${caller}|${JSON.stringify(binding.where)}`;
      let read = reads.get(key);
      if (!read) {
        read = readLoggedRow(db, handle, { logId: change.id, caller, at, where: binding.where });
        reads.set(key, read);
      }
      return read;
    };
    for (const subscriber of [...subscribers]) {
      const caller = subscriber.caller();
      const matched = new Map<string, { ids: number[]; row: Row; select?: readonly string[] }>();
      for (const binding of subscriber.bindings) {
        if (!binding.tables.has(change.table_name) || !binding.events.has(change.op)) continue;
        const row = await readAs(caller, binding);
        if (!row) continue;
        const shape = binding.select?.join(",") ?? "*";
        const entry = matched.get(shape) ?? { ids: [], row, select: binding.select };
        entry.ids.push(binding.id);
        matched.set(shape, entry);
      }
      if (!subscribers.has(subscriber)) continue;
      for (const { ids, row, select } of matched.values())
        subscriber.send({ ids, data: message(change, handle, row, select) });
    }
  }

  /** SQLite: everything after the last change delivered (its ids are its commit order). */
  async function drainAfterLast() {
    for (;;) {
      const changes = await changesAfter(db, lastId, PAGE);
      for (const change of changes) {
        await deliver(change);
        lastId = change.id;
      }
      if (changes.length < PAGE) return;
    }
  }

  /** PostgreSQL: one committed transaction's changes, unless delivered already (by a catch-up). */
  async function deliverTransaction(tx: number) {
    if (delivered.has(tx)) return;
    for (const change of await changesOfTransaction(db, tx)) await deliver(change);
    delivered.add(tx);
    if (delivered.size > REMEMBERED_TRANSACTIONS) delivered.delete(delivered.values().next().value as number);
  }

  /**
   * PostgreSQL, after notifications may have been lost: every transaction logged since the feed started
   * that it has not delivered, in the order of their first change (their commit order is not known).
   */
  async function catchUp() {
    for (const tx of await transactionsAfter(db, lastId)) await deliverTransaction(tx);
  }

  function wake(tx?: number) {
    queue = queue
      .then(async () => {
        // A wake-up may come before the start has read where the log stood: it reads from there.
        await started;
        if (subscribers.size === 0) return;
        if (db.engine === "sqlite") return drainAfterLast();
        // PostgreSQL ids are taken before commit, so they are not commit order; the notifications are.
        return tx === undefined ? catchUp() : deliverTransaction(tx);
      })
      .catch((err) =>
        deps.logger?.warn({ err: (err as Error).message }, "realtime changes were not delivered"),
      );
  }

  async function start() {
    stopListening = db.onRowChanges(wake);
    delivered.clear();
    try {
      lastId = await lastChangeId(db);
    } catch (err) {
      // The next subscriber starts afresh rather than inheriting a start that failed.
      stopListening();
      stopListening = undefined;
      started = undefined;
      throw err;
    }
  }

  return {
    /**
     * Starts delivering to `subscriber`: changes committed once `ready` resolves reach it. `stop` may be
     * called at any time, before `ready` too (a socket that closes while its join is under way).
     */
    subscribe(subscriber: ChangeSubscriber): { ready: Promise<void>; stop(): void } {
      subscribers.add(subscriber);
      started ??= start();
      return {
        ready: started,
        stop() {
          if (!subscribers.delete(subscriber) || subscribers.size > 0) return;
          stopListening?.();
          stopListening = undefined;
          started = undefined;
        },
      };
    },
  };
}

export type ChangeFeed = ReturnType<typeof createChangeFeed>;
