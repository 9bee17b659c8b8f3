import type { ColumnSpec, ColumnType, RowOf, TableDefinition, TableName, tables } from "@app/contracts";
import { restError } from "../http/rest-error";
import type { Engine } from "./database";
import type { StoredValue } from "./registry-tables";

/**
 * Values between the API, the SQL and each engine's storage. PostgreSQL stores lists as text[] and JSON as
 * jsonb, and the pg driver hands back JavaScript arrays and objects; SQLite keeps both as JSON text and
 * booleans as 0/1. Rows leave this module alike on both engines.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Digits, then an optional fraction: one way to match any text, so a long run of digits in a filter
// value never backtracks (the looser `\d+\.?\d*` takes time quadratic in its length).
export const DECIMAL = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?\s*$/i;
/**
 * The date and time forms integrators send, as PostgreSQL reads them: ISO 8601 with `T` or a space, with
 * or without seconds, fraction and zone (`Z`, `UTC`, `+01`, `+0100`, `+01:00`), or a date alone.
 */
const DATE_TIME =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.(\d+))?)?)?(?:\s*(Z|UTC|[+-]\d{2}(?::?\d{2})?))?$/i;

export const postgresTypeName: Record<ColumnType, string> = {
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
  restError(
    type === "timestamp" || type === "date" ? "22007" : "22P02",
    `invalid input syntax for type ${postgresTypeName[type]}: "${raw}"`,
  );

const outOfRange = (raw: string) => restError("22008", `date/time field value out of range: "${raw}"`);

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * A date or timestamp as PostgreSQL checks it: a form it does not read answers 22007, a field out of range
 * (month 13, 30 February, hour 25, year 0) 22008. Answers the instant (a time without a zone is UTC, the
 * server's session zone) or, for a date column, the day.
 */
function dateTimeValue(type: "timestamp" | "date", raw: string): string {
  const match = DATE_TIME.exec(raw.trim());
  if (!match) throw invalidInput(type, raw);
  const [, y = "", mo = "", d = "", h = "0", mi = "0", sec = "0", fraction = "", zone] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, sec].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const valid =
    year >= 1 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysIn(year, month) &&
    minute <= 59 &&
    second <= 60 &&
    (hour < 24 || (hour === 24 && minute === 0 && second === 0 && !/[1-9]/.test(fraction)));
  if (!valid) throw outOfRange(raw);
  if (type === "date") return `${y}-${mo.padStart(2, "0")}-${d.padStart(2, "0")}`;
  let offsetMinutes = 0;
  if (zone && !/^(z|utc)$/i.test(zone)) {
    const digits = zone.slice(1).replace(":", "");
    const zoneHours = Number(digits.slice(0, 2));
    const zoneMinutes = Number(digits.slice(2) || "0");
    if (zoneHours > 15 || zoneMinutes > 59) {
      throw restError("22009", `time zone displacement out of range: "${raw}"`);
    }
    offsetMinutes = (zone.startsWith("-") ? -1 : 1) * (zoneHours * 60 + zoneMinutes);
  }
  const ms = Number(`0.${fraction || "0"}`) * 1000;
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(hour, minute - offsetMinutes, second, Math.floor(ms));
  return utc.toISOString();
}

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
      // PostgreSQL reads decimal notation only: JavaScript's Number would also take "0x10" or "0b1".
      const n = Number(raw);
      if (!DECIMAL.test(raw)) throw invalidInput("number", raw);
      if (!Number.isFinite(n)) {
        throw restError("22003", `"${raw}" is out of range for type double precision`);
      }
      return n;
    }
    case "boolean": {
      const v = raw.toLowerCase();
      if (v === "true" || v === "t") return true;
      if (v === "false" || v === "f") return false;
      throw invalidInput("boolean", raw);
    }
    case "timestamp":
    case "date":
      return dateTimeValue(column.type, raw);
    default:
      return raw;
  }
}

/** A row's value as the engine stores it. */
function storedValue(column: ColumnSpec, value: unknown, engine: Engine): unknown {
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
function apiValue(column: ColumnSpec, value: unknown): unknown {
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

/**
 * Every declared column of a stored row, in declaration order, as the API answers them: typed as the
 * table's row when the table is a declared one, a record of values when it is known only at run time.
 */
export function toApiRow<T extends DeclaredTable>(table: T, stored: Record<string, unknown>): RowOf<T>;
export function toApiRow(table: TableDefinition, stored: Record<string, unknown>): Record<string, unknown>;
export function toApiRow(table: TableDefinition, stored: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of table.columnNames) {
    const spec = table.columns[name];
    if (spec) out[name] = apiValue(spec, stored[name]);
  }
  return out;
}

type DeclaredTable = (typeof tables)[TableName];

/** The columns the caller asked for, in the order asked. */
export function project(row: Record<string, unknown>, columns: readonly string[]) {
  const out: Record<string, unknown> = {};
  for (const c of columns) out[c] = row[c];
  return out;
}

/**
 * The declared columns of `R` as the engines store them: what a Kysely insert or update of the table
 * takes (its Insertable when `R` is a whole new row, its Updateable when `R` is some of the columns).
 */
export type StoredRow<T extends TableDefinition, R> = {
  [K in keyof R & T["columnNames"][number]]: StoredValue<R[K]>;
};

/** The declared columns of a row as the engine stores them; columns the table does not declare are left out. */
export function toStoredRow<T extends TableDefinition, R extends Record<string, unknown>>(
  table: T,
  row: R,
  engine: Engine,
): StoredRow<T, R> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(row)) {
    const spec = table.columns[name];
    if (spec) out[name] = storedValue(spec, value, engine);
  }
  // storedValue maps each declared column's value to its stored form, which is what StoredRow states.
  return out as StoredRow<T, R>;
}
