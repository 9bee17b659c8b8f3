import { PostgresDialect } from "kysely";
import pg from "pg";
import type { Logger } from "pino";
import { instrumentConnections } from "./postgres-client";

export interface PostgresOptions {
  url: string;
  poolSize?: number;
  logger?: Logger;
}

/** The channel every table's change trigger notifies (see the migration helpers). */
const CHANGE_CHANNEL = "app_data_changed";
/** The channel the row-change triggers notify, with the committing transaction's id (see logRowChanges). */
const ROW_CHANGE_CHANNEL = "app_row_changes";
/** The channel realtime_messages' trigger notifies, with `<node>:<id>` of each relayed message. */
const RELAY_CHANNEL = "app_realtime_messages";

/** A relayed realtime message as its notification names it: the sending node and the row's id. */
export interface RelayNotice {
  node: string;
  id: number;
}

const OID = { int8: 20, numeric: 1700, date: 1082, timestamp: 1114, timestamptz: 1184 } as const;

/**
 * Values come back as the SQLite engine gives them, so both engines answer byte for byte alike:
 * timestamps as ISO-8601 UTC strings with milliseconds, dates as `YYYY-MM-DD`, counts and bigint ids as
 * numbers (every one here stays far below 2^53), numeric as numbers.
 */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: "text" | "binary") => {
    switch (oid) {
      case OID.timestamptz:
      case OID.timestamp:
        return (v: string) => new Date(oid === OID.timestamp ? `${v}Z` : v).toISOString();
      case OID.date:
        return (v: string) => v;
      case OID.int8:
      case OID.numeric:
        return (v: string) => Number(v);
      default:
        return pg.types.getTypeParser(oid, format);
    }
  }) as pg.CustomTypesConfig["getTypeParser"],
};

/**
 * Listens for change notifications on a connection of its own. Each one moves the change stamp, which
 * invalidates cached reads on this node when any node (or the CLI) writes. While the listener is down
 * every stamp is new, so nothing is served from a cache that might be stale; it reconnects with back-off.
 */
function listenForChanges(url: string, logger?: Logger) {
  let version = 0;
  let isListening = false;
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delayMs = 250;
  const rowListeners = new Set<(tx?: number) => void>();
  const relayListeners = new Set<(notice?: RelayNotice) => void>();
  let hasListened = false;

  async function connect() {
    const c = new pg.Client({ connectionString: url });
    c.on("notification", (message) => {
      if (message.channel === RELAY_CHANNEL) {
        const [node = "", id] = (message.payload ?? "").split(":");
        const notice = { node, id: Number(id) };
        if (Number.isSafeInteger(notice.id)) for (const listener of relayListeners) listener(notice);
        return;
      }
      if (message.channel !== ROW_CHANGE_CHANNEL) {
        version++;
        return;
      }
      const tx = Number(message.payload);
      if (Number.isSafeInteger(tx)) for (const listener of rowListeners) listener(tx);
    });
    c.on("error", (err) => {
      logger?.warn({ err: err.message }, "database change listener lost its connection");
      isListening = false;
      c.end().catch(() => undefined);
      schedule();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGE_CHANNEL}`);
      await c.query(`LISTEN ${ROW_CHANGE_CHANNEL}`);
      await c.query(`LISTEN ${RELAY_CHANNEL}`);
      client = c;
      isListening = true;
      delayMs = 250;
      version++;
      // Notifications sent while the connection was down are lost: listeners are told to catch up.
      if (hasListened) {
        for (const listener of rowListeners) listener();
        for (const listener of relayListeners) listener();
      }
      hasListened = true;
    } catch (err) {
      logger?.warn({ err: (err as Error).message }, "database change listener could not connect");
      c.end().catch(() => undefined);
      schedule();
    }
  }

  function schedule() {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delayMs);
    retry.unref();
    delayMs = Math.min(delayMs * 2, 10_000);
  }

  let uncached = 0;
  return {
    ready: connect(),
    changeStamp: () => (isListening ? `n${version}` : `down${++uncached}`),
    onRowChanges(listener: (tx?: number) => void) {
      rowListeners.add(listener);
      return () => rowListeners.delete(listener);
    },
    onRelayMessages(listener: (notice?: RelayNotice) => void) {
      relayListeners.add(listener);
      return () => relayListeners.delete(listener);
    },
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}

export function openPostgres({ url, poolSize = 10, logger }: PostgresOptions) {
  const counter = { sent: 0 };
  // Pipeline mode: see instrumentConnections for what goes out together.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types, pipeline: true } as pg.PoolConfig);
  instrumentConnections(pool, counter);
  pool.on("error", (err) => logger?.warn({ err: err.message }, "idle database connection failed"));
  const listener = listenForChanges(url, logger);
  return {
    dialect: new PostgresDialect({ pool }),
    pool,
    ready: listener.ready,
    changeStamp: listener.changeStamp,
    onRowChanges: listener.onRowChanges,
    onRelayMessages: listener.onRelayMessages,
    stopListening: listener.stop,
    statementsSent: () => counter.sent,
  };
}
