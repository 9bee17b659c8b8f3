import { initContract } from "@ts-rest/core";
import { z } from "zod";
import { type RouteMetadata, restErrorResponses } from "../common";
import type { TableDefinition, Verb } from "./define-table";

const c = initContract();

/**
 * The headers supabase-js sends to the data API. `Prefer` carries return/count/resolution, `Range` a
 * page, and `Accept: application/vnd.pgrst.object+json` asks for exactly one row as an object.
 */
export const tableHeadersSchema = z.object({
  apikey: z.string().optional(),
  authorization: z.string().optional(),
  prefer: z.string().max(500).optional(),
  range: z.string().max(100).optional(),
  accept: z.string().max(500).optional(),
});

/**
 * Filters are free-form (`column=op.value`, repeated keys ANDed); the server parses them with PostgREST's
 * grammar and checks every column against the table's declaration.
 */
export const tableQuerySchema = z.record(
  z.string().max(200),
  z.union([z.string().max(4000), z.array(z.string().max(4000)).max(20)]),
);

/** Rows, or one row as an object (Accept: application/vnd.pgrst.object+json). */
const rowsOrOne = (row: z.ZodTypeAny) => z.union([z.array(row), row]);
/** An insert with Prefer: return=minimal or headers-only answers 201 with no body. */
const rowsOrNothing = (row: z.ZodTypeAny) => z.union([z.array(row), row, z.undefined()]);

export interface TableRouteMetadata extends RouteMetadata {
  table: string;
  verb: Verb;
}

/** Every table route needs the API key; the table's policy then decides per caller and verb. */
const meta = (table: string, verb: Verb): TableRouteMetadata => ({ access: "public", table, verb });

const built = new WeakMap<TableDefinition, unknown>();

/**
 * PostgREST's verbs of one declared table: GET, POST, PUT, PATCH and DELETE (HEAD is answered by GET).
 * Built once per table: the contract and the server's table router ask for the same routes, and their
 * schemas are most of what a start builds.
 */
export function tableRoutes<T extends TableDefinition>(table: T): ReturnType<typeof routesOf<T>> {
  const known = built.get(table) as ReturnType<typeof routesOf<T>> | undefined;
  if (known) return known;
  const routes = routesOf(table);
  built.set(table, routes);
  return routes;
}

function routesOf<T extends TableDefinition>(table: T) {
  const path = `/rest/v1/${table.name}`;
  const row = table.row.partial();
  // Rows as a select shapes them (a read's, or a write's representation): renamed columns and embedded
  // resources added; a select that casts a column or follows a JSON path answers a value of its own type
  // under the column's key.
  const shapedRow = z.union([
    row.passthrough(),
    z.record(z.unknown()).describe("A row as a select with casts or JSON paths shapes it"),
  ]);
  const errors = {
    ...restErrorResponses,
    404: restErrorResponses[400],
    405: restErrorResponses[400],
    406: restErrorResponses[400],
    409: restErrorResponses[400],
    416: restErrorResponses[400],
  };
  return c.router({
    list: {
      method: "GET",
      path,
      headers: tableHeadersSchema,
      query: tableQuerySchema,
      responses: { 200: rowsOrOne(shapedRow), 206: rowsOrOne(shapedRow), ...errors },
      metadata: meta(table.name, "select"),
      summary: `Read ${table.name}: ${table.description}`,
    },
    insert: {
      method: "POST",
      path,
      headers: tableHeadersSchema,
      query: tableQuerySchema,
      body: z.union([table.insert, z.array(table.insert).min(1).max(1000)]),
      responses: { 201: rowsOrNothing(shapedRow), ...errors },
      metadata: meta(table.name, "insert"),
      summary: `Insert one or many ${table.name} rows (upsert with on_conflict and Prefer: resolution)`,
    },
    put: {
      method: "PUT",
      path,
      headers: tableHeadersSchema,
      query: tableQuerySchema,
      // PostgREST takes one row, or an array whose first row it puts.
      body: z.union([table.insert, z.array(table.insert).min(1).max(1000)]),
      responses: { 200: rowsOrOne(shapedRow), 201: rowsOrNothing(shapedRow), 204: c.noBody(), ...errors },
      metadata: meta(table.name, "insert"),
      summary: `Insert or replace one ${table.name} row by its key (?${table.primaryKey}=eq.…, the body's key alike)`,
    },
    update: {
      method: "PATCH",
      path,
      headers: tableHeadersSchema,
      query: tableQuerySchema,
      body: table.update,
      responses: { 200: rowsOrOne(shapedRow), 204: c.noBody(), ...errors },
      metadata: meta(table.name, "update"),
      summary: `Update the ${table.name} rows the filters match (a filter is required)`,
    },
    remove: {
      method: "DELETE",
      path,
      headers: tableHeadersSchema,
      query: tableQuerySchema,
      body: c.noBody(),
      responses: { 200: rowsOrOne(shapedRow), 204: c.noBody(), ...errors },
      metadata: meta(table.name, "delete"),
      summary: `Delete the ${table.name} rows the filters match (a filter is required)`,
    },
  });
}
