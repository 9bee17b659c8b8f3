import type { Engine } from "../../db/database";
import { type Condition, parseFilter, splitTopLevel, type TableHandle, whereSql } from "../../rest/data-api";

/** What a channel asked to hear of the database: one `postgres_changes` entry of its join. */
export interface ChangeBinding {
  /** The id realtime-js matches each change message's `ids` against. */
  id: number;
  events: ReadonlySet<ChangeEvent>;
  /** The tables it covers (one, or every table with `table` left out or `*`). */
  tables: ReadonlySet<string>;
  where: Condition[];
  /** The columns a change carries (realtime-js's `select`); undefined for every column. */
  select?: readonly string[];
  /** The entry as the client sent it: the join's reply echoes it, and realtime-js compares the two. */
  echo: { event: string; schema: string; table?: string; filter?: string };
}

type ChangeEvent = "INSERT" | "UPDATE" | "DELETE";

const EVENTS: Record<string, ChangeEvent[]> = {
  INSERT: ["INSERT"],
  UPDATE: ["UPDATE"],
  DELETE: ["DELETE"],
  "*": ["INSERT", "UPDATE", "DELETE"],
};

/** The operators a subscription may filter with: Supabase Realtime's comparisons and `in`. */
const OPERATORS = new Set(["eq", "neq", "lt", "lte", "gt", "gte", "in"]);

/** A join's postgres_changes that cannot be served; its message is the join's refusal, as Supabase words it. */
export class BindingError extends Error {}

let lastId = 0;

function filterConditions(handle: TableHandle, engine: Engine, filter: string): Condition[] {
  const conditions = splitTopLevel(filter).map((part) => {
    const eq = part.indexOf("=");
    if (eq <= 0) throw new BindingError(`Invalid filter "${part}": write it as column=operator.value`);
    const condition = parseFilter(part.slice(0, eq).trim(), part.slice(eq + 1));
    if (condition.type !== "filter" || !OPERATORS.has(condition.op))
      throw new BindingError(`Invalid filter "${part}": the operators are ${[...OPERATORS].join(", ")}`);
    return condition;
  });
  // Built once here so an unknown or unfilterable column refuses the join instead of every change.
  whereSql(handle.table, engine, conditions);
  return conditions;
}

function bindingOf(entry: unknown, handles: ReadonlyMap<string, TableHandle>, engine: Engine): ChangeBinding {
  const { event, schema, table, filter, select } = (entry ?? {}) as Record<string, unknown>;
  const events = typeof event === "string" ? EVENTS[event.toUpperCase()] : undefined;
  if (!events) throw new BindingError(`Unknown event ${String(event)}: use INSERT, UPDATE, DELETE or *`);
  if (schema !== "public" && schema !== "*")
    throw new BindingError(
      `Unable to subscribe to changes in schema ${String(schema)}: only public is served`,
    );
  const everyTable = table === undefined || table === null || table === "*";
  const handle = typeof table === "string" ? handles.get(table) : undefined;
  if (!everyTable && !handle)
    throw new BindingError(`Unable to subscribe to changes of table ${String(table)}: no such table`);
  let where: Condition[] = [];
  if (typeof filter === "string" && filter !== "") {
    if (!handle) throw new BindingError("A filter needs a table");
    try {
      where = filterConditions(handle, engine, filter);
    } catch (err) {
      if (err instanceof BindingError) throw err;
      throw new BindingError(`Invalid filter "${filter}": ${(err as Error).message}`);
    }
  }
  if (select !== undefined) {
    const columns = Array.isArray(select) ? select : [];
    const declared = handle?.table.columnNames ?? [];
    if (!handle || columns.length === 0 || columns.some((c) => !declared.includes(c)))
      throw new BindingError("select names columns of the table it subscribes to");
  }
  return {
    id: ++lastId,
    events: new Set(events),
    tables: new Set(everyTable ? handles.keys() : [table as string]),
    where,
    select: select as string[] | undefined,
    echo: {
      event: event as string,
      schema,
      ...(typeof table === "string" ? { table } : {}),
      ...(typeof filter === "string" ? { filter } : {}),
    },
  };
}

/** The bindings a join asks for, each checked against the tables; throws BindingError for the first bad one. */
export function parseBindings(
  entries: unknown[],
  handles: ReadonlyMap<string, TableHandle>,
  engine: Engine,
): ChangeBinding[] {
  return entries.map((entry) => bindingOf(entry, handles, engine));
}
