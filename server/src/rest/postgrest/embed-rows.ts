import { type Caller, isAllowed, type TableDefinition } from "@app/contracts";
import { type RawBuilder, type SqlBool, sql } from "kysely";
import type { Database } from "../../db/database";
import { dynamicTables } from "../../db/dynamic-tables";
import { toApiRow } from "../../db/stored-values";
import { restError } from "../../http/rest-error";
import type { Row } from "../table-hooks";
import { whereSql } from "./conditions";
import type { EmbedParams } from "./parse-query";
import { columnKey, type EmbedNode, embedsOf, type SelectNode } from "./parse-select";
import { type Relationship, relationshipOf } from "./relationships";
import { checkColumnNode, selectedValue } from "./select-values";
import { orderSql, orderTerms, readSource, type TableHandle, visibleWhere } from "./table-service";

/** What embedding needs beyond the parent's read: every table's handle, and who reads. */
export interface EmbedContext {
  db: Database;
  caller: Caller;
  at: string;
  handleOf(name: string): TableHandle | undefined;
  tables: readonly TableDefinition[];
  embedded: Record<string, EmbedParams>;
}

const NO_PARAMS: EmbedParams = { where: [], order: [] };

/** An embedded table is read as the caller would read it directly: its grant, its visible rows. */
function embeddedHandle(ctx: EmbedContext, table: TableDefinition): TableHandle {
  if (!isAllowed(table, ctx.caller, "select"))
    throw restError("42501", `permission denied for table ${table.name}`, {
      status: ctx.caller === "anon" ? 401 : 403,
    });
  return ctx.handleOf(table.name) ?? { table, hooks: {} };
}

const keyOf = (path: string, node: EmbedNode) => (path ? `${path}.${node.key}` : node.key);

/** Every embedded resource's path in the select (`crm_contacts`, `company.crm_contacts`). */
export function embedPaths(tree: SelectNode[], path = "", into = new Set<string>()): Set<string> {
  for (const node of embedsOf(tree)) {
    into.add(keyOf(path, node));
    embedPaths(node.select, keyOf(path, node), into);
  }
  return into;
}

function childWhere(ctx: EmbedContext, handle: TableHandle, params: EmbedParams) {
  return visibleWhere(handle, ctx.caller, whereSql(handle.table, ctx.db.engine, params.where));
}

/**
 * The condition `!inner` puts on the parent's read: a matching embedded row exists. Built into the
 * parent's query, so its page and count hold only the parents that have one.
 */
export function innerEmbedConditions(
  ctx: EmbedContext,
  parent: TableDefinition,
  tree: SelectNode[] | undefined,
): RawBuilder<SqlBool>[] {
  return embedsOf(tree ?? [])
    .filter((node) => node.inner)
    .map((node) => {
      const relationship = relationshipOf(parent, node, ctx.tables);
      const handle = embeddedHandle(ctx, relationship.target);
      const where = childWhere(ctx, handle, ctx.embedded[node.key] ?? NO_PARAMS);
      const target = relationship.target;
      const source = sql.table(target.name);
      const parentRef = (column: string) => sql.ref(`${parent.name}.${column}`);
      if (relationship.kind === "many-to-one")
        return sql<SqlBool>`exists (select 1 from ${source} where ${sql.ref(target.primaryKey)} = ${parentRef(relationship.column)} and ${where})`;
      if (relationship.kind === "one-to-many")
        return sql<SqlBool>`exists (select 1 from ${source} where ${sql.ref(relationship.column)} = ${parentRef(parent.primaryKey)} and ${where})`;
      const junction = sql.table(relationship.junction.name);
      return sql<SqlBool>`exists (select 1 from ${junction} where ${sql.ref(relationship.parentColumn)} = ${parentRef(parent.primaryKey)} and ${sql.ref(relationship.targetColumn)} in (select ${sql.ref(target.primaryKey)} from ${source} where ${where}))`;
    });
}

/** Rows of `handle`'s table whose `column` is one of `keys`, as the caller may read them, in order. */
async function rowsWhere(
  ctx: EmbedContext,
  handle: TableHandle,
  column: string,
  keys: unknown[],
  params: EmbedParams,
): Promise<Row[]> {
  if (keys.length === 0) return [];
  const { table } = handle;
  const rows = await dynamicTables(ctx.db)
    .selectFrom(readSource(handle, ctx.at))
    .selectAll()
    .where(sql<SqlBool>`${sql.ref(column)} in (${sql.join(keys)}) and ${childWhere(ctx, handle, params)}`)
    .orderBy(orderSql(table, orderTerms(table, params.order), ctx.db.engine))
    .execute();
  return rows.map((row) => toApiRow(table, row));
}

const page = (rows: Row[], params: EmbedParams) =>
  rows.slice(
    params.offset ?? 0,
    params.limit === undefined ? undefined : (params.offset ?? 0) + params.limit,
  );

function groupBy(rows: Row[], column: string) {
  const groups = new Map<unknown, Row[]>();
  for (const row of rows) {
    const key = row[column];
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

const distinct = (values: unknown[]) => [...new Set(values.filter((v) => v !== null && v !== undefined))];

/** Each parent's embedded row (many-to-one) or rows, read in one query for all the parents. */
async function related(
  ctx: EmbedContext,
  parent: TableDefinition,
  parents: Row[],
  relationship: Relationship,
  handle: TableHandle,
  params: EmbedParams,
): Promise<(Row | Row[] | null)[]> {
  const target = handle.table;
  if (relationship.kind === "many-to-one") {
    const rows = await rowsWhere(
      ctx,
      handle,
      target.primaryKey,
      distinct(parents.map((p) => p[relationship.column])),
      params,
    );
    const byKey = new Map(rows.map((row) => [row[target.primaryKey], row]));
    return parents.map((p) => byKey.get(p[relationship.column]) ?? null);
  }
  const parentKeys = distinct(parents.map((p) => p[parent.primaryKey]));
  if (relationship.kind === "one-to-many") {
    const groups = groupBy(
      await rowsWhere(ctx, handle, relationship.column, parentKeys, params),
      relationship.column,
    );
    return parents.map((p) => page(groups.get(p[parent.primaryKey]) ?? [], params));
  }
  const junction = embeddedHandle(ctx, relationship.junction);
  const links = await rowsWhere(ctx, junction, relationship.parentColumn, parentKeys, NO_PARAMS);
  const rows = await rowsWhere(
    ctx,
    handle,
    target.primaryKey,
    distinct(links.map((l) => l[relationship.targetColumn])),
    params,
  );
  const linked = groupBy(links, relationship.parentColumn);
  return parents.map((p) => {
    const ids = new Set((linked.get(p[parent.primaryKey]) ?? []).map((l) => l[relationship.targetColumn]));
    return page(
      rows.filter((row) => ids.has(row[target.primaryKey])),
      params,
    );
  });
}

const isEmpty = (value: unknown) => value === null || (Array.isArray(value) && value.length === 0);

/**
 * Adds every embedded resource of `tree` to `rows` (read with all their columns), one query per resource
 * and level however many parents there are, and answers the rows shaped as the select asks. A nested
 * `!inner` leaves out the embedded rows without a match; the top level's is part of the parent's query.
 */
export async function embedAndShape(
  ctx: EmbedContext,
  parent: TableDefinition,
  rows: Row[],
  tree: SelectNode[],
): Promise<Row[]> {
  return (await shapeAll(ctx, parent, rows, tree, "")).filter((row): row is Row => row !== undefined);
}

/** `rows` shaped, position for position; undefined where a nested `!inner` found no match. */
async function shapeAll(
  ctx: EmbedContext,
  parent: TableDefinition,
  rows: Row[],
  tree: SelectNode[],
  path: string,
): Promise<(Row | undefined)[]> {
  const embedded = new Map<EmbedNode, (Row | Row[] | null)[]>();
  for (const node of embedsOf(tree)) {
    const relationship = relationshipOf(parent, node, ctx.tables);
    const handle = embeddedHandle(ctx, relationship.target);
    const key = keyOf(path, node);
    const values = await related(ctx, parent, rows, relationship, handle, ctx.embedded[key] ?? NO_PARAMS);
    // Every parent's embedded rows shaped together: one query per level, not one per parent.
    const flat = values.flatMap((value) => (value === null ? [] : Array.isArray(value) ? value : [value]));
    const shaped = await shapeAll(ctx, handle.table, flat, node.select, key);
    let at = 0;
    embedded.set(
      node,
      values.map((value) => {
        if (value === null) return null;
        const mine = shaped.slice(at, at + (Array.isArray(value) ? value.length : 1));
        at += mine.length;
        const kept = mine.filter((row): row is Row => row !== undefined);
        return Array.isArray(value) ? kept : (kept[0] ?? null);
      }),
    );
  }
  const nested = path !== "";
  // Checked before any row, so a wrong column or cast is refused even when nothing matched.
  const specs = new Map(
    tree.flatMap((node) => (node.type === "column" ? [[node, checkColumnNode(parent, node)] as const] : [])),
  );
  return rows.map((row, i) => {
    if (nested && embedsOf(tree).some((node) => node.inner && isEmpty(embedded.get(node)?.[i])))
      return undefined;
    const out: Row = {};
    for (const node of tree) {
      if (node.type === "star") for (const name of parent.columnNames) out[name] = row[name];
      else if (node.type === "column") {
        const spec = specs.get(node);
        if (spec) out[columnKey(node)] = selectedValue(spec, node, row[node.name]);
      } else out[node.key] = embedded.get(node)?.[i] ?? null;
    }
    return out;
  });
}
