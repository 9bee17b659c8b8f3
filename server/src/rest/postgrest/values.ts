import type { ColumnSpec, ColumnType, TableDefinition } from "@app/contracts";
import type { Engine } from "../../db/database";
import { restError } from "./rest-error";

/**
 * Values between the API, the SQL and each engine's storage. PostgreSQL stores lists as text[] and JSON as
 * jsonb, and the pg driver hands back JavaScript arrays and objects; SQLite keeps both as JSON text and
 * booleans as 0/1. Rows leave this module alike on both engines.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const postgresTypeName: Record<ColumnType, string> = {
  uuid: "uuid",
  text: "text",
  integer: "integer",
  number: "double precision",
  boolean: "boolean",
  timestamp: "timestamp with time zone",
  date: "date",
  "text[]": "text[]",
  json: "jsonb",
};

const invalidInput = (type: ColumnType, raw: string) =>
  restError("22P02", `invalid input syntax for type ${postgresTypeName[type]}: "${raw}"`);

/**
 * A filter value as text from the URL, turned into the value bound for the column: checked as PostgreSQL
 * would check it (an integer column refuses "abc" with 22P02 on both engines), and normalised to the form
 * SQLite stores (timestamps as ISO-8601 UTC with milliseconds, so text comparison orders them).
 */
export function filterValue(column: ColumnSpec, raw: string): string | number | boolean {
  switch (column.type) {
    case "uuid":
      if (!UUID.test(raw)) throw invalidInput("uuid", raw);
      return raw.toLowerCase();
    case "integer":
      if (!/^-?\d{1,15}$/.test(raw.trim())) throw invalidInput("integer", raw);
      return Number(raw);
    case "number": {
      const n = Number(raw);
      if (raw.trim() === "" || !Number.isFinite(n)) throw invalidInput("number", raw);
      return n;
    }
    case "boolean": {
      const v = raw.toLowerCase();
      if (v === "true" || v === "t") return true;
      if (v === "false" || v === "f") return false;
      throw invalidInput("boolean", raw);
    }
    case "timestamp": {
      const ms = Date.parse(DATE.test(raw) ? `${raw}T00:00:00Z` : raw);
      if (Number.isNaN(ms)) throw invalidInput("timestamp", raw);
      return new Date(ms).toISOString();
    }
    case "date":
      if (!DATE.test(raw) || Number.isNaN(Date.parse(raw))) throw invalidInput("date", raw);
      return raw;
    default:
      return raw;
  }
}

/** A row's value as the engine stores it. */
export function storedValue(column: ColumnSpec, value: unknown, engine: Engine): unknown {
  if (value === null || value === undefined) return value;
  switch (column.type) {
    case "text[]":
      return engine === "postgres" ? value : JSON.stringify(value);
    case "json":
      // pg would send a JavaScript array as a PostgreSQL array literal, not JSON.
      return JSON.stringify(value);
    case "timestamp":
      return new Date(value as string).toISOString();
    default:
      return value;
  }
}

/** A stored value as the API answers it. */
export function apiValue(column: ColumnSpec, value: unknown): unknown {
  if (value === null || value === undefined) return value ?? null;
  switch (column.type) {
    case "text[]":
    case "json":
      return typeof value === "string" ? JSON.parse(value) : value;
    case "boolean":
      return value === true || value === 1;
    default:
      return value;
  }
}

/** Every declared column of a stored row, in declaration order, as the API answers them. */
export function toApiRow(table: TableDefinition, stored: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of table.columnNames) {
    const spec = table.columns[name];
    if (spec) out[name] = apiValue(spec, stored[name]);
  }
  return out;
}

/** The columns the caller asked for, in the order asked. */
export function project(row: Record<string, unknown>, columns: readonly string[]) {
  const out: Record<string, unknown> = {};
  for (const c of columns) out[c] = row[c];
  return out;
}

export function toStoredRow(table: TableDefinition, row: Record<string, unknown>, engine: Engine) {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(row)) {
    const spec = table.columns[name];
    if (spec) out[name] = storedValue(spec, value, engine);
  }
  return out;
}
