import { type Compilable, type CompiledQuery, PostgresAdapter } from "kysely";
import { type Db, sendWithNext } from "./database";
import { prepareOnPostgres } from "./engine/postgres-client";

const PARAM = Symbol("query parameter");
type Placeholder = { [PARAM]: number };
const isPlaceholder = (v: unknown): v is Placeholder => typeof v === "object" && v !== null && PARAM in v;

/** Where each parameter of a compiled query comes from: an argument of the call, or the query itself. */
type Slot = { arg: number } | { constant: unknown };

interface Compiled<R> {
  query: CompiledQuery<R>;
  slots: Slot[];
}

/** The same builder compiles to different SQL on each engine. */
const engineOf = (db: Db) => db.getExecutor().adapter.constructor.name;

/**
 * Compiles a query once with placeholders (`arg(i)` stands for the call's i-th value), remembering which
 * parameter each placeholder became. `prepare`: on PostgreSQL, each connection prepares the text once as a
 * named statement and only binds values after that, so only texts kept for reuse are prepared.
 */
function compileWithPlaceholders<R>(
  db: Db,
  build: (arg: (i: number) => unknown) => Compilable<R>,
  prepare: boolean,
): Compiled<R> {
  const query = build((i): Placeholder => ({ [PARAM]: i })).compile();
  const slots = query.parameters.map((p): Slot => (isPlaceholder(p) ? { arg: p[PARAM] } : { constant: p }));
  if (prepare && db.getExecutor().adapter instanceof PostgresAdapter) prepareOnPostgres(query.sql);
  return { query, slots };
}

/** The compiled query with a call's values in its placeholders' places. */
function bind<R>({ query, slots }: Compiled<R>, args: readonly unknown[]): CompiledQuery<R> {
  return { ...query, parameters: slots.map((s) => ("arg" in s ? args[s.arg] : s.constant)) };
}

/**
 * A query of fixed shape whose arguments are used only as plain values (no branching on them): Kysely
 * builds and compiles it once per engine with placeholders, and every call after that runs the compiled
 * SQL with the new values (constants written into the query stay as they were). For queries on hot paths
 * (session checks, token rotation, timeline rows), where building and compiling a Kysely query costs more
 * than running it. Works on the database and inside a transaction alike. On PostgreSQL each connection
 * prepares it once (a named statement) and only binds the values after that.
 */
export function fixedQuery<A extends unknown[], R>(build: (db: Db, ...args: A) => Compilable<R>) {
  const compiled = new Map<string, Compiled<R>>();
  function bound(db: Db, args: A) {
    const engine = engineOf(db);
    let entry = compiled.get(engine);
    if (!entry) {
      const arity = build.length - 1;
      entry = compileWithPlaceholders(
        db,
        (arg) => build(db, ...(Array.from({ length: arity }, (_, i) => arg(i)) as A)),
        true,
      );
      compiled.set(engine, entry);
    }
    return bind(entry, args);
  }
  const execute = (db: Db, args: A) => db.executeQuery<R>(bound(db, args));
  return {
    all: async (db: Db, ...args: A): Promise<R[]> => (await execute(db, args)).rows,
    first: async (db: Db, ...args: A): Promise<R | undefined> => (await execute(db, args)).rows[0],
    /** Rows changed by a write. */
    run: async (db: Db, ...args: A): Promise<number> =>
      Number((await execute(db, args)).numAffectedRows ?? 0n),
    /** A write whose answer nobody reads, sent with the transaction's next statement (see sendWithNext). */
    sendWithNext: (trx: Db, ...args: A): Promise<void> => sendWithNext(trx, bound(trx, args)),
  };
}

export interface ShapedQueryOptions<S, R> {
  /** Names a shape: two shapes with the same name compile to the same SQL. */
  key: (shape: S) => string;
  /** The family a shape belongs to (a table), whose kept shapes are capped together. */
  group: (shape: S) => string;
  /** Shapes kept per group and engine. */
  perGroup: number;
  /** Shapes kept in all, whatever their group: on PostgreSQL, each is a statement every connection may hold. */
  total: number;
  build: (db: Db, shape: S, arg: (i: number) => unknown) => Compilable<R>;
}

/**
 * A family of queries whose SQL depends on a shape (a table and the columns a write names) but never on
 * the values: each shape is compiled once per engine, as a fixedQuery is, and every later call of that
 * shape runs the compiled SQL with its own values. A client chooses which columns it sends, so the shapes
 * kept per group are capped: once a group holds `perGroup` of them, a new shape is built and compiled for
 * its one call, as any other query is, and neither kept nor prepared on PostgreSQL (whose connections would
 * otherwise hold ever more named statements); so is one beyond the `total` of all groups. The first shapes
 * stay (none is evicted, so no connection prepares a text it may soon drop); in practice a table sees a
 * handful.
 */
export function shapedQuery<S, R>(options: ShapedQueryOptions<S, R>) {
  const kept = new Map<string, Compiled<R>>();
  const keptPerGroup = new Map<string, number>();
  let compilations = 0;
  function bound(db: Db, shape: S, args: readonly unknown[]) {
    const group = JSON.stringify([engineOf(db), options.group(shape)]);
    const key = `${group}${options.key(shape)}`;
    const hit = kept.get(key);
    if (hit) return bind(hit, args);
    compilations++;
    const inGroup = keptPerGroup.get(group) ?? 0;
    const keep = inGroup < options.perGroup && kept.size < options.total;
    const entry = compileWithPlaceholders(db, (arg) => options.build(db, shape, arg), keep);
    if (keep) {
      kept.set(key, entry);
      keptPerGroup.set(group, inGroup + 1);
    }
    return bind(entry, args);
  }
  return {
    execute: (db: Db, shape: S, args: readonly unknown[]) => db.executeQuery<R>(bound(db, shape, args)),
    /** How many times a shape was compiled, and how many compiled shapes are kept: for the cache's tests. */
    counts: () => ({ compilations, kept: kept.size }),
  };
}
