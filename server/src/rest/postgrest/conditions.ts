import type { ColumnSpec, TableDefinition } from "@app/contracts";
import { type Expression, type RawBuilder, type SqlBool, sql } from "kysely";
import type { Engine } from "../../db/database";
import { literalOf, SQLITE_SEARCH_INDEXES, searchMatch } from "../../db/search-indexes";
import type { Condition } from "./parse-query";
import { restError } from "./rest-error";
import { filterValue } from "./values";

/**
 * PostgREST conditions as SQL on either engine. Column names reach the SQL only after they matched the
 * table's declaration, and every value is a bound parameter. Where the engines differ (LIKE's case rules,
 * lists as text[] vs JSON text) both are written so the same request selects the same rows.
 */

export function columnOf(table: TableDefinition, name: string): ColumnSpec {
  const spec = table.columns[name];
  if (!spec) throw restError("42703", `column ${table.name}.${name} does not exist`);
  return spec;
}

const operators = { eq: "=", neq: "<>", gt: ">", gte: ">=", lt: "<", lte: "<=" } as const;

/** PostgREST writes LIKE's `%` as `*` (a URL-friendly wildcard). */
const likePattern = (value: string) => value.replaceAll("*", "%");

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

type Filter = Extract<Condition, { type: "filter" }>;

/** The literal text a like/ilike filter's values must hold, when SQLite's trigram index covers its column. */
function searchableText(table: TableDefinition, c: Condition): string | undefined {
  if (c.type !== "filter" || (c.op !== "like" && c.op !== "ilike")) return undefined;
  if (!SQLITE_SEARCH_INDEXES[table.name]?.columns.includes(c.column)) return undefined;
  return literalOf(likePattern(c.value));
}

/** Rows whose indexed columns (any of them) hold the text: a lookup in the table's trigram index. */
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
 * `or(first_name.ilike.*lind*,last_name.ilike.*lind*,…)`, the shape of a search box over several columns:
 * on SQLite, the text to look up across those columns and the filters' own matches. Asking the index once
 * across the columns selects the same rows as each filter narrowed on its own (a value matching the
 * pattern always holds the text), but SQLite's planner can drive the query from one lookup, where an OR
 * of lookups makes it walk the whole table.
 */
function searchTermOf(table: TableDefinition, engine: Engine, c: Condition): SearchTerm | undefined {
  if (engine !== "sqlite" || c.type !== "group" || c.op !== "or" || c.conditions.length < 2) return undefined;
  const texts = c.conditions.map((child) => (child.negated ? undefined : searchableText(table, child)));
  const text = texts[0];
  if (text === undefined || texts.some((t) => t !== text)) return undefined;
  const filters = c.conditions as Filter[];
  const matches = filters.map((f) => filterSql(table, engine, f, false));
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
function allOf(table: TableDefinition, engine: Engine, conditions: Condition[]): RawBuilder<SqlBool> {
  const terms: SearchTerm[] = [];
  const rest: Expression<SqlBool>[] = [];
  for (const c of conditions) {
    const term = c.negated ? undefined : searchTermOf(table, engine, c);
    if (term) terms.push(term);
    else rest.push(conditionSql(table, engine, c));
  }
  const parts =
    terms.length > 0 ? [searchNarrowing(table, terms), ...terms.map((t) => t.matches), ...rest] : rest;
  if (parts.length === 0) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`(${sql.join(parts, sql.raw(" and "))})`;
}

function filterSql(table: TableDefinition, engine: Engine, c: Filter, narrow = true) {
  const spec = columnOf(table, c.column);
  const column = sql.ref(c.column);
  const isList = spec.type === "text[]" || spec.type === "json";
  if (!spec.filterable) throw restError("42883", `column ${table.name}.${c.column} cannot be filtered`);
  if (isList !== (c.op === "cs" || c.op === "cd" || c.op === "ov") && c.op !== "is") {
    throw restError(
      "42883",
      isList
        ? `operator ${c.op} is not supported on the list column ${table.name}.${c.column}; use cs, cd or ov`
        : `operator ${c.op} needs a list column; ${table.name}.${c.column} is not one`,
    );
  }
  switch (c.op) {
    case "eq":
    case "neq":
    case "gt":
    case "gte":
    case "lt":
    case "lte":
      return sql<SqlBool>`${column} ${sql.raw(operators[c.op])} ${filterValue(spec, c.value)}`;
    case "like":
    case "ilike": {
      if (spec.type !== "text") throw restError("42883", `operator ${c.op} needs a text column`);
      const pattern = likePattern(c.value);
      if (engine === "postgres") return sql<SqlBool>`${column} ${sql.raw(c.op)} ${pattern}`;
      // SQLite's LIKE ignores ASCII case only and has no default escape; app_like (registered on the
      // connection) matches with PostgreSQL's rules, case-folding all of Unicode for ilike.
      const like = sql<SqlBool>`app_like(${pattern}, ${column}, ${c.op === "ilike" ? 1 : 0})`;
      // The trigram index (case-insensitive) narrows to rows holding the text; app_like still decides.
      const text = narrow ? searchableText(table, c) : undefined;
      return text === undefined
        ? like
        : sql<SqlBool>`(${searchNarrowing(table, [{ columns: [c.column], text }])} and ${like})`;
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
      return arrayCondition(engine, column, c.op, c.value);
  }
}

/** One condition (a filter or an and/or group) as a boolean SQL expression. */
export function conditionSql(table: TableDefinition, engine: Engine, c: Condition): Expression<SqlBool> {
  let inner: Expression<SqlBool>;
  if (c.type === "filter") inner = filterSql(table, engine, c);
  else if (c.op === "and") inner = allOf(table, engine, c.conditions);
  else {
    const term = searchTermOf(table, engine, c);
    inner = term
      ? allOf(table, engine, [{ ...c, negated: false }])
      : sql<SqlBool>`(${sql.join(
          c.conditions.map((child) => conditionSql(table, engine, child)),
          sql.raw(" or "),
        )})`;
  }
  return c.negated ? sql<SqlBool>`not (${inner})` : inner;
}

/** All top-level conditions ANDed; undefined when there are none. */
export function whereSql(table: TableDefinition, engine: Engine, conditions: Condition[]) {
  if (conditions.length === 0) return undefined;
  return allOf(table, engine, conditions);
}
