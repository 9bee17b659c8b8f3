import type { ColumnSpec, TableDefinition } from "@app/contracts";
import { type Expression, type RawBuilder, type SqlBool, sql } from "kysely";
import type { Engine } from "../../db/database";
import { compileLike, LikePatternError } from "../../db/like-matcher";
import { checkRegex, RegexPatternError } from "../../db/regex-matcher";
import { literalOf, SQLITE_SEARCH_INDEXES, searchMatch } from "../../db/search-indexes";
import { filterValue } from "../../db/stored-values";
import { restError } from "../../http/rest-error";
import { jsonColumnOf, jsonPathSql, TEXT_AT_PATH } from "./json-path";
import { arrayLiteral, type Condition } from "./parse-query";
import { textSearchSql } from "./text-search";

/**
 * PostgREST conditions as SQL on either engine. Column names reach the SQL only after they matched the
 * table's declaration, and every value is a bound parameter. Where the engines differ (LIKE's case rules,
 * lists as text[] vs JSON text, text order) both are written so the same request selects the same rows,
 * with PostgreSQL's three-valued logic: a condition on a NULL is NULL, and `not` of NULL still excludes.
 */

export function columnOf(table: TableDefinition, name: string): ColumnSpec {
  const spec = table.columns[name];
  if (!spec) throw restError("42703", `column ${table.name}.${name} does not exist`);
  return spec;
}

const operators = { eq: "=", neq: "<>", gt: ">", gte: ">=", lt: "<", lte: "<=" } as const;

/** PostgREST writes LIKE's `%` as `*` (a URL-friendly wildcard). */
const likePattern = (value: string) => value.replaceAll("*", "%");

/**
 * Text compares by code point on both engines: SQLite's BINARY order of UTF-8 is code point order, and on
 * PostgreSQL the "C" collation says the same whatever the database's locale (an en_US database would put
 * "Åberg" before "Berg"). Equality needs nothing: every deterministic collation agrees on it.
 */
export function codePointOrder(engine: Engine, spec: ColumnSpec, column: Expression<unknown>) {
  return engine === "postgres" && spec.type === "text" ? sql`${column} collate "C"` : column;
}

/** A like pattern PostgreSQL would refuse is refused before any SQL, on both engines. */
function checkedLikePattern(value: string): string {
  const pattern = likePattern(value);
  try {
    compileLike(pattern, false);
  } catch (err) {
    if (err instanceof LikePatternError) throw restError("22025", err.message);
    throw err;
  }
  return pattern;
}

/** A regular expression PostgreSQL would refuse, or read otherwise than SQLite's RE2, is refused on both. */
function checkedRegex(value: string): string {
  try {
    checkRegex(value);
  } catch (err) {
    if (err instanceof RegexPatternError) throw restError("2201B", err.message);
    throw err;
  }
  return value;
}

/** The whole list equal to `values`, in order: text[] `=` on PostgreSQL, the same JSON text on SQLite. */
function listEquality(engine: Engine, column: RawBuilder<unknown>, op: "eq" | "neq", values: string[]) {
  const operator = sql.raw(operators[op]);
  if (engine === "postgres") return sql<SqlBool>`${column} ${operator} cast(${values} as text[])`;
  return sql<SqlBool>`json(${column}) ${operator} json(${JSON.stringify(values)})`;
}

function listValues(spec: ColumnSpec, values: string[]) {
  return values.map((v) => filterValue(spec, v));
}

/** Array operators: PostgreSQL's own on text[]; on SQLite, the same sets over json_each of the JSON text. */
function arrayCondition(
  engine: Engine,
  column: RawBuilder<unknown>,
  op: "cs" | "cd" | "ov",
  values: string[],
): RawBuilder<SqlBool> {
  if (engine === "postgres") {
    const array = sql`cast(${values} as text[])`;
    if (op === "cs") return sql<SqlBool>`${column} @> ${array}`;
    if (op === "cd") return sql<SqlBool>`${column} <@ ${array}`;
    return sql<SqlBool>`${column} && ${array}`;
  }
  if (values.length === 0) {
    // Every list contains the empty set; only an empty list is contained by it; nothing overlaps it.
    if (op === "cs") return sql<SqlBool>`1 = 1`;
    if (op === "cd") return sql<SqlBool>`json_array_length(${column}) = 0`;
    return sql<SqlBool>`1 = 0`;
  }
  const list = sql.join(values.map((v) => sql`${v}`));
  if (op === "cs") {
    return sql<SqlBool>`(select count(distinct value) from json_each(${column}) where value in (${list})) = ${new Set(values).size}`;
  }
  if (op === "cd")
    return sql<SqlBool>`not exists (select 1 from json_each(${column}) where value not in (${list}))`;
  return sql<SqlBool>`exists (select 1 from json_each(${column}) where value in (${list}))`;
}

/**
 * cs/cd on a JSON column: PostgreSQL's jsonb `@>`/`<@` (PostgREST's reading of `cs.{"lyrics":9}` or
 * `cs.[…]`); on SQLite the same containment in app_json_contains. jsonb has no overlap operator.
 */
function jsonCondition(
  table: TableDefinition,
  engine: Engine,
  name: string,
  column: RawBuilder<unknown>,
  op: "cs" | "cd" | "ov",
  raw: string,
): RawBuilder<SqlBool> {
  if (op === "ov") {
    throw restError(
      "42883",
      `operator ov is not supported on the JSON column ${table.name}.${name}; use cs or cd`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw restError("22P02", "invalid input syntax for type json", {
      details: `The input "${raw}" is not JSON.`,
    });
  }
  // jsonb cannot hold the NUL character (PostgreSQL text cannot); refused alike on SQLite.
  if (holdsNul(parsed)) throw restError("22P05", "unsupported Unicode escape sequence");
  if (engine === "postgres") {
    const value = sql`cast(${raw} as jsonb)`;
    return op === "cs" ? sql<SqlBool>`${column} @> ${value}` : sql<SqlBool>`${column} <@ ${value}`;
  }
  return op === "cs"
    ? sql<SqlBool>`app_json_contains(${column}, ${raw})`
    : sql<SqlBool>`app_json_contains(${raw}, ${column})`;
}

function holdsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\0");
  if (Array.isArray(value)) return value.some(holdsNul);
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).some(([k, v]) => k.includes("\0") || holdsNul(v));
  }
  return false;
}

type Filter = Extract<Condition, { type: "filter" }>;

/** The literal text a like/ilike filter's values must hold, when SQLite's trigram index covers its column. */
function searchableText(table: TableDefinition, c: Condition): string | undefined {
  if (c.type !== "filter" || c.path || (c.op !== "like" && c.op !== "ilike")) return undefined;
  if (!SQLITE_SEARCH_INDEXES[table.name]?.columns.includes(c.column)) return undefined;
  return literalOf(likePattern(c.value));
}

/** Rows holding every (columns, text) term: one lookup in the table's trigram index, which intersects them. */
function searchNarrowing(table: TableDefinition, terms: Pick<SearchTerm, "columns" | "text">[]) {
  const index = sql.table((SQLITE_SEARCH_INDEXES[table.name] as { index: string }).index);
  const query = terms.map((t) => searchMatch(t.columns, t.text)).join(" AND ");
  return sql<SqlBool>`rowid in (select rowid from ${index} where ${index} match ${query})`;
}

interface SearchTerm {
  columns: string[];
  text: string;
  /** The filters' own matches (app_like), ORed: the index only narrows. */
  matches: Expression<SqlBool>;
}

/**
 * Where a condition sits. The index narrowing answers FALSE for a row whose column is NULL, where the
 * filter itself answers NULL; the two only select the same rows where no `not` encloses the condition
 * (`not` keeps FALSE's rows but never NULL's), so only there may the index narrow.
 */
interface Place {
  table: TableDefinition;
  engine: Engine;
  /** No `not` encloses this condition. */
  unnegated: boolean;
}

/**
 * `or(first_name.ilike.*lind*,last_name.ilike.*lind*,…)`, the shape of a search box over several columns:
 * on SQLite, the text to look up across those columns and the filters' own matches. Asking the index once
 * across the columns selects the same rows as each filter narrowed on its own (a value matching the
 * pattern always holds the text), but SQLite's planner can drive the query from one lookup, where an OR
 * of lookups makes it walk the whole table.
 */
function searchTermOf(place: Place, c: Condition): SearchTerm | undefined {
  const { table, engine } = place;
  if (engine !== "sqlite" || !place.unnegated || c.negated) return undefined;
  if (c.type !== "group" || c.op !== "or" || c.conditions.length < 2) return undefined;
  const texts = c.conditions.map((child) => (child.negated ? undefined : searchableText(table, child)));
  const text = texts[0];
  if (text === undefined || texts.some((t) => t !== text)) return undefined;
  const filters = c.conditions as Filter[];
  const matches = filters.map((f) => filterSql({ ...place, unnegated: false }, f));
  return {
    columns: [...new Set(filters.map((f) => f.column))],
    text,
    matches: sql<SqlBool>`(${sql.join(matches, sql.raw(" or "))})`,
  };
}

/**
 * Conditions ANDed. Several search terms among them (a search of two words) become one index lookup for
 * all of their texts, so the index intersects the words' rows before any row is read.
 */
function allOf(place: Place, conditions: Condition[]): RawBuilder<SqlBool> {
  const terms: SearchTerm[] = [];
  const rest: Expression<SqlBool>[] = [];
  for (const c of conditions) {
    const term = searchTermOf(place, c);
    if (term) terms.push(term);
    else rest.push(conditionSql(place, c));
  }
  const parts =
    terms.length > 0 ? [searchNarrowing(place.table, terms), ...terms.map((t) => t.matches), ...rest] : rest;
  if (parts.length === 0) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`(${sql.join(parts, sql.raw(" and "))})`;
}

/**
 * What a filter compares: the column, or the value at its JSON path (text after `->>`, JSON after `->`).
 */
function operandOf(table: TableDefinition, engine: Engine, c: Filter) {
  if (!c.path) return { spec: columnOf(table, c.column), column: sql.ref(c.column) };
  const spec = jsonColumnOf(table, c.column);
  if (!c.path.asText && c.op !== "cs" && c.op !== "cd" && c.op !== "is") {
    throw restError(
      "42883",
      `operator ${c.op} does not compare a JSON value (${c.column}->…); read it as text with ->>, or use cs, cd or is`,
    );
  }
  const column = jsonPathSql(engine, c.column, c.path);
  return { spec: c.path.asText ? TEXT_AT_PATH : spec, column };
}

function filterSql(place: Place, c: Filter) {
  const { table, engine } = place;
  if (c.op === "fts" || c.op === "plfts" || c.op === "phfts" || c.op === "wfts") {
    if (c.path) throw restError("42883", `text search reads a searchable text column, not a JSON path`);
    return textSearchSql(table, engine, c);
  }
  const { spec, column } = operandOf(table, engine, c);
  const isList = spec.type === "text[]" || spec.type === "json";
  if (!spec.filterable) throw restError("42883", `column ${table.name}.${c.column} cannot be filtered`);
  // A list compares whole with eq/neq (`{a,b}` equals exactly that list, in that order).
  const wholeList = spec.type === "text[]" && (c.op === "eq" || c.op === "neq");
  if (isList !== (c.op === "cs" || c.op === "cd" || c.op === "ov") && c.op !== "is" && !wholeList) {
    throw restError(
      "42883",
      isList
        ? `operator ${c.op} is not supported on the list column ${table.name}.${c.column}; use cs, cd or ov`
        : `operator ${c.op} needs a list column; ${table.name}.${c.column} is not one`,
    );
  }
  if (wholeList) return listEquality(engine, column, c.op as "eq" | "neq", arrayLiteral(c.value, c.op));
  switch (c.op) {
    case "eq":
    case "neq":
    case "gt":
    case "gte":
    case "lt":
    case "lte":
      return sql<SqlBool>`${codePointOrder(engine, spec, column)} ${sql.raw(operators[c.op])} ${filterValue(spec, c.value)}`;
    case "like":
    case "ilike": {
      if (spec.type !== "text") throw restError("42883", `operator ${c.op} needs a text column`);
      const pattern = checkedLikePattern(c.value);
      if (engine === "postgres") return sql<SqlBool>`${column} ${sql.raw(c.op)} ${pattern}`;
      // SQLite's LIKE ignores ASCII case only and has no default escape; app_like (registered on the
      // connection) matches with PostgreSQL's rules, case-folding all of Unicode for ilike.
      const like = sql<SqlBool>`app_like(${pattern}, ${column}, ${c.op === "ilike" ? 1 : 0})`;
      // The trigram index (case-insensitive) narrows to rows holding the text; app_like still decides.
      const text = place.unnegated && !c.negated ? searchableText(table, c) : undefined;
      return text === undefined
        ? like
        : sql<SqlBool>`(${searchNarrowing(table, [{ columns: [c.column], text }])} and ${like})`;
    }
    case "match":
    case "imatch": {
      if (spec.type !== "text") throw restError("42883", `operator ${c.op} needs a text column`);
      const pattern = checkedRegex(c.value);
      if (engine === "postgres")
        return sql<SqlBool>`${column} ${sql.raw(c.op === "match" ? "~" : "~*")} ${pattern}`;
      return sql<SqlBool>`app_regex(${pattern}, ${column}, ${c.op === "imatch" ? 1 : 0})`;
    }
    case "isdistinct": {
      const value = filterValue(spec, c.value);
      // Never NULL: a NULL column is distinct from any value, so `not.isdistinct` never keeps it.
      if (engine === "postgres") return sql<SqlBool>`${column} is distinct from ${value}`;
      return sql<SqlBool>`${column} is not ${value}`;
    }
    case "is": {
      if (c.value === "null") return sql<SqlBool>`${column} is null`;
      if (spec.type !== "boolean") throw restError("42883", `is.${c.value} needs a boolean column`);
      if (c.value === "unknown") return sql<SqlBool>`${column} is null`;
      // IS TRUE / IS FALSE: never null, so `not.is.true` keeps the rows whose value is null.
      return sql<SqlBool>`(${column} is not null and ${column} = ${c.value === "true"})`;
    }
    case "in": {
      if (c.value.length === 0) return sql<SqlBool>`1 = 0`;
      return sql<SqlBool>`${column} in (${sql.join(listValues(spec, c.value).map((v) => sql`${v}`))})`;
    }
    case "cs":
    case "cd":
    case "ov":
      if (spec.type === "json") return jsonCondition(table, engine, c.column, column, c.op, c.value);
      return arrayCondition(engine, column, c.op, arrayLiteral(c.value, c.op));
  }
}

/** One condition (a filter or an and/or group) as a boolean SQL expression. */
function conditionSql(place: Place, c: Condition): Expression<SqlBool> {
  const inner = { ...place, unnegated: place.unnegated && !c.negated };
  let sqlOf: Expression<SqlBool>;
  if (c.type === "filter") sqlOf = filterSql(place, c);
  else if (c.op === "and") sqlOf = allOf(inner, c.conditions);
  else if (searchTermOf(place, c)) sqlOf = allOf(place, [c]);
  // An empty `any` list (see quantifiedGroup): no alternative holds.
  else if (c.conditions.length === 0) sqlOf = sql<SqlBool>`1 = 0`;
  else {
    sqlOf = sql<SqlBool>`(${sql.join(
      c.conditions.map((child) => conditionSql(inner, child)),
      sql.raw(" or "),
    )})`;
  }
  return c.negated ? sql<SqlBool>`not (${sqlOf})` : sqlOf;
}

/** All top-level conditions ANDed; undefined when there are none. */
export function whereSql(table: TableDefinition, engine: Engine, conditions: Condition[]) {
  if (conditions.length === 0) return undefined;
  return allOf({ table, engine, unnegated: true }, conditions);
}
