import { type RawBuilder, sql } from "kysely";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { type SeededRandom, seededRandom } from "./support/seeded-random";

/**
 * JSON paths (in select, filters and order) and casts in select against the same reads written directly
 * in SQL, over generated queries on seeded rows. On PostgreSQL the SQL is its own `->`, `->>` and `::`,
 * the answer PostgREST would give; on SQLite it is json_extract and CAST, written here to PostgreSQL's
 * documented reading (jsonb's text of a value, code point order, float to integer half to even).
 */
let ctx: TestContext;
let token = "";
const FAMILY = "Differential";
const ids: string[] = [];

/** A JSON value at each path, of every kind: numbers, text, booleans, null, arrays and nested objects. */
function strengthsOf(random: SeededRandom): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const maybe = (key: string, values: readonly unknown[]) => {
    if (random.next() < 0.8) out[key] = random.pick(values);
  };
  maybe("lyrics", [0, 3, 7, 9, 9.5, 10, 12.25, -1, "7", "x", "Åsa", null, true, false]);
  maybe("melody", [1, 5, 10, "high", "low", null]);
  maybe("tags", [[], ["pop"], ["pop", "folk"], [1, "a", null], ["vispop", "jazz", "soul"], [true]]);
  if (random.next() < 0.8) {
    const writers = [{ share: random.pick([40, 33.33, 0.5]) }, { share: random.pick([60, "x", null]) }];
    out.meta = {
      share: random.pick([1, 2.5, "half", null]),
      name: random.pick(["Åsa", "bo", "Zed", "zed", null]),
      ...(random.next() < 0.7 ? { writers: writers.slice(0, 1 + Math.floor(random.next() * 2)) } : {}),
    };
  }
  return out;
}

beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.userToken({ role: "staff" });
  const random = seededRandom(7_2026);
  const phones = ["42", "-7", " 12 ", "0700", null];
  const scores = [2.5, 3.5, 7.25, 0.1, 10, 0, null];
  const rows = Array.from({ length: 12 }, (_, i) => ({
    first_name: `P${i}`,
    last_name: FAMILY,
    phone: random.pick(phones),
    reliability_score: random.pick(scores),
  }));
  const res = await request(ctx.app)
    .post("/rest/v1/crm_contacts?select=id")
    .set("apikey", ctx.anonKey)
    .set("Authorization", `Bearer ${token}`)
    .set("Prefer", "return=representation")
    .send(rows);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  ids.push(...(res.body as { id: string }[]).map((r) => r.id));
  // The API keeps strengths to scores; SQL writes any JSON there, as another writer of the column could.
  for (const id of ids) {
    const json = JSON.stringify(strengthsOf(random));
    const value = ctx.engine === "postgres" ? sql`${json}::jsonb` : sql`${json}`;
    await sql`update crm_contacts set strengths = ${value} where id = ${id}`.execute(ctx.db);
  }
});
afterAll(() => ctx.close());

const api = (url: string) =>
  request(ctx.app).get(url).set("apikey", ctx.anonKey).set("Authorization", `Bearer ${token}`);

type Step = string | number;
interface JsonPath {
  steps: Step[];
  asText: boolean;
}

const SCALAR_PATHS: Step[][] = [
  ["lyrics"],
  ["melody"],
  ["tags", 0],
  ["tags", -1],
  ["meta", "name"],
  ["meta", "share"],
  ["meta", "writers", 0, "share"],
  ["meta", "writers", -1, "share"],
  ["nothing"],
];
/** Paths that reach arrays and objects: selected only, as SQLite's own SQL has no jsonb text to filter by. */
const ALL_PATHS: Step[][] = [...SCALAR_PATHS, ["tags"], ["meta"], ["meta", "writers"], ["tags", 5]];

const pathUrl = ({ steps, asText }: JsonPath) =>
  `strengths${steps.map((s, i) => `${i === steps.length - 1 && asText ? "->>" : "->"}${s}`).join("")}`;

const sqlitePath = (steps: Step[]) =>
  `$${steps.map((s) => (typeof s === "number" ? (s < 0 ? `[#${s}]` : `[${s}]`) : `.${s}`)).join("")}`;

/** The value at the path in the engine's own SQL: `->`/`->>` on PostgreSQL, json_extract on SQLite. */
function valueSql({ steps, asText }: JsonPath): RawBuilder<unknown> {
  if (ctx.engine === "postgres") {
    const arrows = steps.map((s, i) => {
      const arrow = i === steps.length - 1 && asText ? "->>" : "->";
      return `${arrow}${typeof s === "number" ? s : `'${s}'`}`;
    });
    return sql`(strengths${sql.raw(arrows.join(""))})`;
  }
  const at = sqlitePath(steps);
  if (!asText) return sql`json_extract(strengths, ${at})`;
  // PostgreSQL's ->> text of a scalar: a string's own text, true/false, a number as written.
  return sql`(case json_type(strengths, ${at}) when 'text' then json_extract(strengths, ${at})
    when 'true' then 'true' when 'false' then 'false' when 'null' then null
    when 'integer' then cast(json_extract(strengths, ${at}) as text) else json(json_extract(strengths, ${at})) end)`;
}

interface JsonQuery {
  select: JsonPath;
  alias: boolean;
  filter?: { path: JsonPath; op: string; value: string; negated: boolean };
  order?: { path: JsonPath; direction: "asc" | "desc"; nulls?: "first" | "last" };
}

const FILTER_VALUES = ["7", "9", "9.5", "10", "-1", "true", "false", "x", "pop", "Åsa", "zed", "high", "40"];
const PATTERNS = ["*9*", "1*", "*o*", "*a", "_"];

function drawJson(random: SeededRandom): JsonQuery {
  const query: JsonQuery = {
    select: { steps: random.pick(ALL_PATHS), asText: random.next() < 0.5 },
    alias: true,
  };
  // Unaliased, PostgREST names the value after its last key; an index names nothing, so it takes one.
  query.alias = typeof query.select.steps.at(-1) === "number" || random.next() < 0.7;
  if (random.next() < 0.7) {
    const op = random.pick(["eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike", "in", "is"]);
    const value =
      op === "is"
        ? "null"
        : op === "in"
          ? `(${random.pick(FILTER_VALUES)},${random.pick(FILTER_VALUES)})`
          : op.endsWith("like")
            ? random.pick(PATTERNS).toUpperCase()
            : random.pick(FILTER_VALUES);
    const path = { steps: random.pick(SCALAR_PATHS), asText: true };
    query.filter = {
      path,
      op,
      value: op === "like" ? value.toLowerCase() : value,
      negated: random.next() < 0.25,
    };
  }
  if (random.next() < 0.6) {
    query.order = {
      path: { steps: random.pick(SCALAR_PATHS), asText: true },
      direction: random.pick(["asc", "desc"] as const),
      nulls: random.pick([undefined, "first", "last"] as const),
    };
  }
  return query;
}

const keyOf = (q: JsonQuery) => (q.alias ? "v" : String(q.select.steps[q.select.steps.length - 1]));

function jsonUrl(q: JsonQuery): string {
  const params = new URLSearchParams({
    select: `id,${q.alias ? "v:" : ""}${pathUrl(q.select)}`,
    last_name: `eq.${FAMILY}`,
  });
  if (q.filter) {
    const { path, op, value, negated } = q.filter;
    params.set(pathUrl(path), `${negated ? "not." : ""}${op}.${value}`);
  }
  const order = q.order
    ? `${pathUrl(q.order.path)}.${q.order.direction}${q.order.nulls ? `.nulls${q.order.nulls}` : ""},`
    : "";
  params.set("order", `${order}id`);
  return `/rest/v1/crm_contacts?${params}`;
}

/** Text compared in code point order, as the data API compares and sorts text on both engines. */
const text = (value: RawBuilder<unknown>) => (ctx.engine === "postgres" ? sql`${value} collate "C"` : value);

function condition(filter: NonNullable<JsonQuery["filter"]>): RawBuilder<unknown> {
  const at = text(valueSql(filter.path));
  const ops: Record<string, string> = { eq: "=", neq: "<>", gt: ">", gte: ">=", lt: "<", lte: "<=" };
  let test: RawBuilder<unknown>;
  if (filter.op === "is") test = sql`${at} is null`;
  else if (filter.op === "in") {
    const values = filter.value.slice(1, -1).split(",");
    test = sql`${at} in (${sql.join(values)})`;
  } else if (filter.op === "like" || filter.op === "ilike") {
    const pattern = filter.value.replaceAll("*", "%");
    // SQLite's LIKE ignores ASCII case unless told otherwise; PostgreSQL's like does not.
    test =
      ctx.engine === "postgres"
        ? sql`${at} ${sql.raw(filter.op)} ${pattern}`
        : filter.op === "like"
          ? sql`${at} glob ${filter.value.replaceAll("_", "?")}`
          : sql`lower(${at}) like lower(${pattern})`;
  } else test = sql`${at} ${sql.raw(ops[filter.op] as string)} ${filter.value}`;
  return filter.negated ? sql`not (${test})` : test;
}

async function expectedJson(q: JsonQuery) {
  const where = q.filter ? sql`and ${condition(q.filter)}` : sql``;
  const nulls = q.order ? (q.order.nulls ?? (q.order.direction === "asc" ? "last" : "first")) : "";
  const order = q.order
    ? sql`${text(valueSql(q.order.path))} ${sql.raw(q.order.direction)} nulls ${sql.raw(nulls)},`
    : sql``;
  const { rows } = await sql<{ id: string; v: unknown; kind: string | null }>`
    select id, ${valueSql(q.select)} as v, ${ctx.engine === "sqlite" ? sql`json_type(strengths, ${sqlitePath(q.select.steps)})` : sql`null`} as kind
    from crm_contacts where last_name = ${FAMILY} ${where} order by ${order} id`.execute(ctx.db);
  return rows.map((row) => {
    let v = row.v ?? null;
    // SQLite's json_extract hands back JSON text for arrays and objects and 0/1 for booleans.
    if (ctx.engine === "sqlite" && !q.select.asText && typeof v === "string" && row.kind !== "text")
      v = JSON.parse(v);
    if (ctx.engine === "sqlite" && !q.select.asText && (row.kind === "true" || row.kind === "false"))
      v = row.kind === "true";
    return { id: row.id, [keyOf(q)]: v };
  });
}

/**
 * jsonb writes an array's or object's text with a space after each comma and colon, and its keys shortest
 * first; SQLite's JSON text has neither, so on SQLite such a value is compared as the JSON it holds.
 */
function comparable(rows: Record<string, unknown>[], key: string) {
  if (ctx.engine === "postgres") return rows;
  return rows.map((row) => {
    const v = row[key];
    return typeof v === "string" && /^[[{]/.test(v) ? { ...row, [key]: JSON.parse(v) } : row;
  });
}

describe("JSON paths against direct SQL", () => {
  it("answer the same rows and values as the SQL for 40 generated queries", async () => {
    const random = seededRandom(20261128);
    for (let i = 0; i < 40; i++) {
      const q = drawJson(random);
      const url = jsonUrl(q);
      const res = await api(url);
      expect(res.status, `${url} → ${JSON.stringify(res.body)}`).toBe(200);
      expect(comparable(res.body, keyOf(q)), url).toEqual(comparable(await expectedJson(q), keyOf(q)));
    }
  });
});

type Cast = "text" | "int" | "bigint" | "numeric" | "boolean" | "json";
type CastSource = "uuid" | "text" | "numericText" | "integer" | "number" | "boolean" | "timestamp" | "json";

/** Columns of each type on seeded tables (the fixture contacts for numbers and numeric text). */
const CAST_COLUMNS: { table: string; column: string; source: CastSource; casts: Cast[] }[] = [
  { table: "events", column: "id", source: "uuid", casts: ["text"] },
  { table: "events", column: "title", source: "text", casts: ["text"] },
  {
    table: "events",
    column: "max_attendees",
    source: "integer",
    casts: ["text", "int", "bigint", "numeric", "boolean"],
  },
  { table: "events", column: "published", source: "boolean", casts: ["text", "int", "boolean"] },
  { table: "events", column: "event_date", source: "timestamp", casts: ["text"] },
  {
    table: "crm_contacts",
    column: "reliability_score",
    source: "number",
    casts: ["text", "int", "bigint", "numeric"],
  },
  { table: "crm_contacts", column: "phone", source: "numericText", casts: ["int", "bigint", "numeric"] },
  { table: "crm_contacts", column: "strengths", source: "json", casts: ["json", "text"] },
];

/** SQLite's SQL for PostgreSQL's cast of a stored value (booleans stored 0/1, timestamps ISO text). */
function sqliteCast(source: CastSource, cast: Cast, column: RawBuilder<unknown>): RawBuilder<unknown> {
  if (cast === "text") {
    if (source === "boolean")
      return sql`(case when ${column} is null then null when ${column} then 'true' else 'false' end)`;
    // float8's text is its shortest form: 10, not SQLite's 10.0.
    if (source === "number")
      return sql`(case when ${column} = cast(${column} as integer) then cast(cast(${column} as integer) as text) else cast(${column} as text) end)`;
    // timestamptz in a UTC session: seconds, then the fraction without trailing zeros, then +00.
    if (source === "timestamp")
      return sql`(rtrim(rtrim(strftime('%Y-%m-%d %H:%M:%f', ${column}), '0'), '.') || '+00')`;
    return sql`cast(${column} as text)`;
  }
  if (cast === "int" || cast === "bigint") {
    if (source === "numericText") return sql`cast(trim(${column}) as integer)`;
    // float8 to integer rounds half to even (the scores are not negative, so CAST truncates to the floor).
    if (source === "number")
      return sql`(case when ${column} - cast(${column} as integer) = 0.5
        then cast(${column} as integer) + (cast(${column} as integer) % 2)
        else cast(round(${column}) as integer) end)`;
    return column;
  }
  if (cast === "numeric") return source === "numericText" ? sql`cast(trim(${column}) as real)` : column;
  if (cast === "boolean") return sql`(case when ${column} is null then null else ${column} <> 0 end)`;
  return column;
}

interface CastQuery {
  table: string;
  column: string;
  source: CastSource;
  cast: Cast;
  alias: boolean;
  descending: boolean;
}

const castUrl = (q: CastQuery) => {
  const params = new URLSearchParams({
    select: `id,${q.alias ? "v:" : ""}${q.column}::${q.cast}`,
    order: q.descending ? "id.desc" : "id",
  });
  if (q.table === "crm_contacts") params.set("last_name", `eq.${FAMILY}`);
  return `/rest/v1/${q.table}?${params}`;
};

async function expectedCast(q: CastQuery) {
  const column = sql.ref(q.column);
  const key = q.alias ? "v" : q.column;
  const where = q.table === "crm_contacts" ? sql`where last_name = ${FAMILY}` : sql``;
  const value =
    ctx.engine === "postgres" ? sql`${column}::${sql.raw(q.cast)}` : sqliteCast(q.source, q.cast, column);
  const read = sql<{
    id: string;
    v: unknown;
  }>`select id, ${value} as v from ${sql.table(q.table)} ${where} order by id ${sql.raw(q.descending ? "desc" : "asc")}`;
  const rows =
    ctx.engine === "postgres"
      ? await ctx.db.transaction().execute(async (trx) => {
          await sql`set local timezone = 'UTC'`.execute(trx);
          return (await read.execute(trx)).rows;
        })
      : (await read.execute(ctx.db)).rows;
  return rows.map(({ id, v }) => {
    let out = v ?? null;
    // pg hands bigint and numeric over as text, and PostgREST answers them as JSON numbers; SQLite's
    // booleans are 0/1 and its JSON is text.
    if (out !== null && (q.cast === "bigint" || q.cast === "numeric")) out = Number(out);
    if (out !== null && q.cast === "boolean") out = Boolean(out);
    if (ctx.engine === "sqlite" && typeof out === "string" && q.cast === "json") out = JSON.parse(out);
    return { id, [key]: out };
  });
}

/** On SQLite, JSON's text is compared as the JSON it holds (see comparable). */
const castComparable = (q: CastQuery, rows: Record<string, unknown>[]) =>
  q.source === "json" && q.cast === "text" ? comparable(rows, q.alias ? "v" : q.column) : rows;

describe("casts in select against direct SQL", () => {
  it("answer the same values as the SQL for every column type and cast, in a drawn shape", async () => {
    const random = seededRandom(20261129);
    const pairs = CAST_COLUMNS.flatMap((column) => column.casts.map((cast) => ({ ...column, cast })));
    for (const pair of pairs) {
      const q: CastQuery = {
        ...pair,
        alias: pair.column === "id" || random.next() < 0.5,
        descending: random.next() < 0.5,
      };
      const url = castUrl(q);
      const res = await api(url);
      expect(res.status, `${url} → ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.length, url).toBeGreaterThan(0);
      expect(castComparable(q, res.body), url).toEqual(castComparable(q, await expectedCast(q)));
    }
  });
});
