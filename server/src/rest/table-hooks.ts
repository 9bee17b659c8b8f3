import type { Caller, TableName } from "@app/contracts";
import type { RawBuilder, SqlBool } from "kysely";
import type { Db } from "../db/database";
import type { AppError } from "../http/app-error";

/**
 * The business rules of a table beyond its policy (state transitions, derived fields, timeline rows),
 * run by the generic data-API handler inside the write's transaction. Each module declares its tables'
 * hooks and exports them; the composition root (app.ts) hands them to the handler, so the data API
 * depends on no module.
 */

export type Row = Record<string, unknown>;

export interface HookContext {
  trx: Db;
  /** "service_role" for the service key: its writes are recorded as the service's (see hookActor). */
  caller: Caller;
  /** The signed-in person who writes; null for a key without one. */
  actorId: string | null;
  /** ISO-8601 time of the request. */
  at: string;
  /** The caller's address (for audit trails); null outside a request. */
  ip: string | null;
}

/**
 * Who a hook records as having made a change: the person, or the service_role key by name (never a
 * made-up person, never nobody).
 */
export const hookActor = (ctx: Pick<HookContext, "caller" | "actorId">) => ({
  actorId: ctx.actorId,
  actorRole: ctx.caller === "service_role" ? ("service_role" as const) : null,
});

/** A row state the data API never writes through: see TableHooks.frozen. */
export interface FrozenStates {
  column: string;
  states: readonly string[];
  /** Why the row cannot be changed or deleted now (a 409, typically). */
  refusal(verb: "update" | "delete", before: Row): AppError;
}

export interface TableHooks {
  /**
   * The states in which a row is frozen: no write through the data API changes or deletes it, whatever
   * its form (PATCH, an upsert that meets the row, DELETE). Checked before any other hook.
   */
  frozen?: FrozenStates;
  /** Values of a new row before it is written: fill derived fields or refuse (throw an AppError). */
  beforeInsert?(ctx: HookContext, values: Row): Promise<Row> | Row;
  /** The changes to one existing row before they are written: check a transition or refuse. */
  beforeUpdate?(ctx: HookContext, changes: Row, before: Row): Promise<Row> | Row;
  beforeDelete?(ctx: HookContext, before: Row): Promise<void> | void;
  /** After each written row, in the same transaction: the timeline, counters, mail. */
  afterWrite?(
    ctx: HookContext,
    change: { verb: "insert" | "update" | "delete"; before?: Row; after?: Row },
  ): Promise<void>;
  /**
   * Columns whose value is computed when read, from the stored row and the read's time (`at`, the
   * read clock): a status that follows from a date. Every read sees the computed value, in its filters,
   * order and counts as in its rows, and so does the row a write answers with.
   */
  derivedColumns?: Record<string, (at: string) => RawBuilder<unknown>>;
  /**
   * The rows a caller may read, as a condition on the row (PostgreSQL's row-level security for select):
   * every read applies it before the caller's own filters, so its rows, counts, pages and single-object
   * answers never show another row. Undefined for a caller who reads every row the policy lets them.
   */
  readableRows?(caller: Caller): RawBuilder<SqlBool> | undefined;
}

/** Hooks by table: a key must be a declared table's name; a table without rules needs no entry. */
export type TableHooksByTable = Partial<Record<TableName, TableHooks>>;
