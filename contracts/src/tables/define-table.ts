import { z } from "zod";
import { externalLinkSchema, webAddressOrSitePathSchema, webAddressSchema } from "../urls";

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
  /**
   * Set only by the database or the server (ids, timestamps, derived fields, a state only RPCs move):
   * never written through the data API, by insert, PATCH or upsert alike (a 42501 names it).
   */
  readOnly: boolean;
  /** May appear in filters and `order`. Lists and JSON are filterable with cs/cd/ov only. */
  filterable: boolean;
  /**
   * A valid value, for generated requests (the access matrix, the fuzzer) where the type alone can't say;
   * a function when the column is unique, so each generated row gets a value of its own.
   */
  sample?: unknown;
  /**
   * A text column the data API's text search filters (fts, plfts, phfts, wfts) may read: the migration
   * that indexes it for search on both engines is the one that marks it here.
   */
  textSearch?: boolean;
  /** The table whose key this column holds (a foreign key): generated requests use an existing row's id. */
  references?: string;
  /**
   * The bucket whose object this column names by its key: only an uploaded object is a valid value, so
   * generated requests leave the column out, as they leave out a reference they have no row for.
   */
  objectIn?: string;
  /** The column holds addresses a browser follows or loads: declared only through the address builders. */
  url?: UrlTrait;
}

/** What an address column accepts, and how one address is written as a value of it. */
export interface UrlTrait {
  /** "web": http(s) addresses only; "web-or-site-path": a path on this site as well. */
  accepts: "web" | "web-or-site-path";
  /** A value of the column that holds `address` (the address itself, or a list of one link). */
  holding(address: string): unknown;
}

interface ColumnTraits {
  nullable: boolean;
  hasDefault: boolean;
  readOnly: boolean;
  filterable: boolean;
  textSearch?: boolean;
  sample?: unknown;
  references?: string;
  objectIn?: string;
  url?: UrlTrait;
}

class Column<
  Z extends z.ZodTypeAny,
  N extends boolean = false,
  D extends boolean = false,
  R extends boolean = false,
> implements ColumnSpec<Z>
{
  readonly nullable: N;
  readonly hasDefault: D;
  readonly readOnly: R;
  readonly filterable: boolean;
  readonly textSearch?: boolean;
  readonly sample?: unknown;
  readonly references?: string;
  readonly objectIn?: string;
  readonly url?: UrlTrait;

  constructor(
    readonly type: ColumnType,
    readonly schema: Z,
    traits: Partial<ColumnTraits> = {},
  ) {
    this.nullable = (traits.nullable ?? false) as N;
    this.hasDefault = (traits.hasDefault ?? false) as D;
    this.readOnly = (traits.readOnly ?? false) as R;
    this.filterable = traits.filterable ?? true;
    this.textSearch = traits.textSearch;
    this.sample = traits.sample;
    this.references = traits.references;
    this.objectIn = traits.objectIn;
    this.url = traits.url;
  }

  /** A copy with some traits changed (the type parameters follow what the caller declares). */
  private with<Z2 extends z.ZodTypeAny, N2 extends boolean, D2 extends boolean, R2 extends boolean>(
    changes: Partial<ColumnTraits>,
    schema: z.ZodTypeAny = this.schema,
  ): Column<Z2, N2, D2, R2> {
    const { nullable, hasDefault, readOnly, filterable, textSearch, sample, references, objectIn, url } =
      this;
    return new Column(this.type, schema as Z2, {
      ...{ nullable, hasDefault, readOnly, filterable, textSearch, sample, references, objectIn, url },
      ...changes,
    });
  }
  orNull(): Column<Z, true, D, R> {
    return this.with({ nullable: true });
  }
  /** The database has a default: optional on insert. */
  withDefault(): Column<Z, N, true, R> {
    return this.with({ hasDefault: true });
  }
  /** Set by the database or the server only. */
  generated(): Column<Z, N, true, true> {
    return this.with({ hasDefault: true, readOnly: true });
  }
  /** Text search (fts, plfts, phfts, wfts) may read it; its search indexes come with it (see docs/tables.md). */
  searchable(): Column<Z, N, D, R> {
    return this.with({ textSearch: true });
  }
  notFilterable(): Column<Z, N, D, R> {
    return this.with({ filterable: false });
  }
  /** A foreign key to `table`'s primary key. */
  foreignKeyTo(table: string): Column<Z, N, D, R> {
    return this.with({ references: table });
  }
  /** The key of an object in storage bucket `bucket`. */
  objectKeyIn(bucket: string): Column<Z, N, D, R> {
    return this.with({ objectIn: bucket });
  }
  /** A stricter value schema (a check digit, a pattern), same storage type; give a sample that passes it. */
  refine<Z2 extends z.ZodTypeAny>(
    schema: Z2,
    sample?: z.infer<Z2> | (() => z.infer<Z2>),
  ): Column<Z2, N, D, R> {
    return this.with({ sample: sample ?? this.sample }, schema);
  }
}

const ISO_TIMESTAMP = z.string().datetime({ offset: true, message: "must be an ISO-8601 timestamp" });

export const column = {
  uuid: () => new Column("uuid", z.string().uuid()),
  text: (max = 10_000) => new Column("text", z.string().max(max, `must be at most ${max} characters`)),
  enum: <const T extends readonly [string, ...string[]]>(values: T) =>
    new Column("text", z.enum(values), { sample: values[0] }),
  integer: () => new Column("integer", z.number().int()),
  number: () => new Column("number", z.number().finite()),
  boolean: () => new Column("boolean", z.boolean()),
  timestamp: () => new Column("timestamp", ISO_TIMESTAMP),
  date: () => new Column("date", z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date, YYYY-MM-DD")),
  textList: (maxItems = 100, maxLength = 200) =>
    new Column("text[]", z.array(z.string().max(maxLength)).max(maxItems)),
  /** An e-mail address someone will be written to: held to the same form the sign-up form asks for. */
  email: () =>
    new Column(
      "text",
      z.string().max(254, "must be at most 254 characters").email("must be an e-mail address"),
      {
        sample: "someone@example.com",
      },
    ),
  /**
   * An address a reader follows (a website, an event's page): http(s) only, so a stored value can never
   * run script or open a local file when it is clicked.
   */
  webAddress: (sample = "https://example.com/") =>
    new Column("text", webAddressSchema, { sample, url: { accepts: "web", holding: (a: string) => a } }),
  /** An address of an image the site shows: http(s), or a path on this site (a bundled or uploaded file). */
  imageAddress: (sample = "/images/sample.svg") =>
    new Column("text", webAddressOrSitePathSchema, {
      sample,
      url: { accepts: "web-or-site-path", holding: (a: string) => a },
    }),
  /** A list of named links (where a work can be heard), each address held to the same rule as webAddress. */
  links: (maxItems: number) =>
    new Column("json", z.array(externalLinkSchema).max(maxItems), {
      sample: [],
      url: { accepts: "web", holding: (a: string) => [{ platform: "Website", url: a }] },
    }),
  /** A JSON value; give a sample when an empty object is not one (a list, say). */
  json: <Z extends z.ZodTypeAny>(schema: Z, sample?: z.infer<Z>) => new Column("json", schema, { sample }),
};

/** The people a table's policy names: the anonymous key, a signed-in user, staff, administrators. */
export type PolicyCaller = "anon" | "authenticated" | "staff" | "admin";
/**
 * Who calls the data API: one of the policy's callers, or the server-side service_role key, which no
 * policy names because, as in Supabase, it bypasses them all (the tables' hooks still hold for it).
 */
export type Caller = PolicyCaller | "service_role";
export type Verb = "select" | "insert" | "update" | "delete";
export const CALLERS: readonly Caller[] = ["anon", "authenticated", "staff", "admin", "service_role"];
export const VERBS: readonly Verb[] = ["select", "insert", "update", "delete"];

/** Who may do what, as PostgreSQL grants and RLS would say it. Every verb must be stated. */
export type Policy = Record<Verb, readonly PolicyCaller[]>;

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

export interface TableOptions<N extends string, C extends Columns, A extends string = string> {
  name: N;
  /**
   * Which part of the product the table belongs to: the screens of an area find their tables by it (the
   * CRM's typed writes, the legal screens' reads) instead of by a hand-kept list of names. A new area is
   * named here, by its first table (see TableArea).
   */
  area: A;
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

export function defineTable<const N extends string, C extends Columns, const A extends string>(
  options: TableOptions<N, C, A>,
) {
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
  area: string;
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

/**
 * Whether `caller` may do `verb` on the table. The service_role key may do whatever any caller may, on
 * every table; a verb the policy gives nobody is no who-may rule but the server's own writing (a timeline,
 * a ledger, an issued invoice's lines), which no key does through the data API.
 */
export const isAllowed = (table: { policy: Policy }, caller: Caller, verb: Verb) =>
  caller === "service_role" ? table.policy[verb].length > 0 : table.policy[verb].includes(caller);
