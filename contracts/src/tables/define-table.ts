import { z } from "zod";

/**
 * A table of the data API, declared once. From the declaration come its zod row, insert and update
 * schemas, its routes in the contract (and so the web app's typed hooks and the OpenAPI document), the
 * server's generic PostgREST handler, the access-control matrix and the hostile-input generator.
 */

/** How a column is stored and filtered; the server maps each to both engines' types. */
export type ColumnType =
  | "uuid"
  | "text"
  | "integer"
  | "number"
  | "boolean"
  | "timestamp"
  | "date"
  | "text[]"
  | "json";

export interface ColumnSpec<Z extends z.ZodTypeAny = z.ZodTypeAny> {
  type: ColumnType;
  /** The value's schema, without null. */
  schema: Z;
  nullable: boolean;
  /** The database fills it when an insert leaves it out. */
  hasDefault: boolean;
  /** Set only by the database or the server (ids, timestamps, derived fields): never written through the API. */
  readOnly: boolean;
  /** May appear in filters and `order`. Lists and JSON are filterable with cs/cd/ov only. */
  filterable: boolean;
  /** A valid value, for generated requests (the access matrix, the fuzzer) where the type alone can't say. */
  sample?: unknown;
}

class Column<
  Z extends z.ZodTypeAny,
  N extends boolean = false,
  D extends boolean = false,
  R extends boolean = false,
> implements ColumnSpec<Z>
{
  constructor(
    readonly type: ColumnType,
    readonly schema: Z,
    readonly nullable: N = false as N,
    readonly hasDefault: D = false as D,
    readonly readOnly: R = false as R,
    readonly filterable = true,
    readonly sample?: unknown,
  ) {}
  orNull(): Column<Z, true, D, R> {
    return new Column(
      this.type,
      this.schema,
      true,
      this.hasDefault,
      this.readOnly,
      this.filterable,
      this.sample,
    );
  }
  /** The database has a default: optional on insert. */
  withDefault(): Column<Z, N, true, R> {
    return new Column(
      this.type,
      this.schema,
      this.nullable,
      true,
      this.readOnly,
      this.filterable,
      this.sample,
    );
  }
  /** Set by the database or the server only. */
  generated(): Column<Z, N, true, true> {
    return new Column(this.type, this.schema, this.nullable, true, true, this.filterable, this.sample);
  }
  notFilterable(): Column<Z, N, D, R> {
    return new Column(
      this.type,
      this.schema,
      this.nullable,
      this.hasDefault,
      this.readOnly,
      false,
      this.sample,
    );
  }
  /** A stricter value schema (a check digit, a pattern), same storage type; give a sample that passes it. */
  refine<Z2 extends z.ZodTypeAny>(schema: Z2, sample?: z.infer<Z2>): Column<Z2, N, D, R> {
    return new Column(
      this.type,
      schema,
      this.nullable,
      this.hasDefault,
      this.readOnly,
      this.filterable,
      sample ?? this.sample,
    );
  }
}

const ISO_TIMESTAMP = z.string().datetime({ offset: true, message: "must be an ISO-8601 timestamp" });

export const column = {
  uuid: () => new Column("uuid", z.string().uuid()),
  text: (max = 10_000) => new Column("text", z.string().max(max, `must be at most ${max} characters`)),
  enum: <const T extends readonly [string, ...string[]]>(values: T) =>
    new Column("text", z.enum(values), false, false, false, true, values[0]),
  integer: () => new Column("integer", z.number().int()),
  number: () => new Column("number", z.number().finite()),
  boolean: () => new Column("boolean", z.boolean()),
  timestamp: () => new Column("timestamp", ISO_TIMESTAMP),
  date: () => new Column("date", z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date, YYYY-MM-DD")),
  textList: (maxItems = 100, maxLength = 200) =>
    new Column("text[]", z.array(z.string().max(maxLength)).max(maxItems)),
  json: <Z extends z.ZodTypeAny>(schema: Z) => new Column("json", schema),
};

export type Caller = "anon" | "authenticated" | "staff" | "admin";
export type Verb = "select" | "insert" | "update" | "delete";
export const CALLERS: readonly Caller[] = ["anon", "authenticated", "staff", "admin"];
export const VERBS: readonly Verb[] = ["select", "insert", "update", "delete"];

/** Who may do what, as PostgreSQL grants and RLS would say it. Every verb must be stated. */
export type Policy = Record<Verb, readonly Caller[]>;

type Columns = Record<string, Column<z.ZodTypeAny, boolean, boolean, boolean>>;

type ValueOf<C> =
  C extends Column<infer Z, infer N, boolean, boolean> ? (N extends true ? z.ZodNullable<Z> : Z) : never;
type RowShape<C extends Columns> = { [K in keyof C]: ValueOf<C[K]> };
type WritableKeys<C extends Columns> = {
  [K in keyof C]: C[K] extends Column<z.ZodTypeAny, boolean, boolean, true> ? never : K;
}[keyof C];
type OptionalOnInsert<C extends Columns> = {
  [K in WritableKeys<C>]: C[K] extends Column<z.ZodTypeAny, infer N, infer D, boolean>
    ? N extends true
      ? K
      : D extends true
        ? K
        : never
    : never;
}[WritableKeys<C>];
type InsertShape<C extends Columns> = {
  [K in Exclude<WritableKeys<C>, OptionalOnInsert<C>>]: ValueOf<C[K]>;
} & { [K in OptionalOnInsert<C>]: z.ZodOptional<ValueOf<C[K]>> };

export interface TableOptions<N extends string, C extends Columns> {
  name: N;
  columns: C;
  primaryKey?: keyof C & string;
  /** The order of a read that names none (a stable tiebreak on the primary key is always added). */
  defaultOrder: string;
  /** The most rows one read returns (PostgREST's db-max-rows). */
  maxRows: number;
  policy: Policy;
  /** Shown in the OpenAPI document. */
  description: string;
}

export function defineTable<const N extends string, C extends Columns>(options: TableOptions<N, C>) {
  const entries = Object.entries(options.columns);
  const valueSchema = (c: ColumnSpec) => (c.nullable ? c.schema.nullable() : c.schema);
  const row = z.object(Object.fromEntries(entries.map(([name, c]) => [name, valueSchema(c)])) as RowShape<C>);
  const writable = entries.filter(([, c]) => !c.readOnly);
  const insert = z
    .object(
      Object.fromEntries(
        writable.map(([name, c]) => [
          name,
          c.nullable || c.hasDefault ? valueSchema(c).optional() : valueSchema(c),
        ]),
      ) as InsertShape<C>,
    )
    .strict();
  const update = z
    .object(
      Object.fromEntries(writable.map(([name, c]) => [name, valueSchema(c).optional()])) as {
        [K in WritableKeys<C>]: z.ZodOptional<ValueOf<C[K]>>;
      },
    )
    .strict();
  return {
    ...options,
    primaryKey: options.primaryKey ?? "id",
    columnNames: entries.map(([name]) => name) as (keyof C & string)[],
    row,
    insert,
    update,
  };
}

/** What the generic handler, the matrix and the fuzzer need of any declared table. */
export interface TableDefinition {
  name: string;
  description: string;
  primaryKey: string;
  columnNames: readonly string[];
  columns: Record<string, ColumnSpec>;
  defaultOrder: string;
  maxRows: number;
  policy: Policy;
  row: z.AnyZodObject;
  insert: z.AnyZodObject;
  update: z.AnyZodObject;
}
export type RowOf<T extends { row: z.ZodTypeAny }> = z.infer<T["row"]>;
export type InsertOf<T extends { insert: z.ZodTypeAny }> = z.input<T["insert"]>;
export type UpdateOf<T extends { update: z.ZodTypeAny }> = z.input<T["update"]>;

/** Whether `caller` may do `verb` on the table. */
export const isAllowed = (table: { policy: Policy }, caller: Caller, verb: Verb) =>
  table.policy[verb].includes(caller);
