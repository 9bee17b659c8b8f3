import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ColumnType, sampleRow, sampleValue, type TableDefinition, tables } from "@app/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Db } from "../src/db/database";
import { restErrorFromDatabase } from "../src/db/db-errors";
import { dynamicTables } from "../src/db/dynamic-tables";
import { toApiRow, toStoredRow } from "../src/db/stored-values";
import { openTestDatabase, type TestDatabase } from "./support/test-database";

/**
 * Every table the data API declares (contracts/src/tables) against the schema the migrations build: a
 * declaration that runs ahead of its migration (a new column, a new deal stage) fails here, in CI,
 * rather than as a 500 or a refused write in production.
 */

interface DbColumn {
  name: string;
  /** PostgreSQL: information_schema's data_type (an array's element type as `_text`); SQLite: the affinity. */
  type: string;
  nullable: boolean;
  hasDefault: boolean;
}

/** The types each declared type may be stored as. */
const POSTGRES_TYPES: Record<ColumnType, readonly string[]> = {
  uuid: ["uuid"],
  text: ["text", "character varying"],
  integer: ["integer", "bigint", "smallint"],
  number: ["double precision", "real", "numeric"],
  boolean: ["boolean"],
  timestamp: ["timestamp with time zone"],
  date: ["date"],
  "text[]": ["_text"],
  json: ["jsonb"],
};
/** SQLite keeps uuids, timestamps, dates, lists and JSON as text, booleans as 0/1 (dialect.ts). */
const SQLITE_AFFINITY: Record<ColumnType, string> = {
  uuid: "text",
  text: "text",
  integer: "integer",
  number: "real",
  boolean: "integer",
  timestamp: "text",
  date: "text",
  "text[]": "text",
  json: "text",
};

/** SQLite's rules for a declared type's affinity. */
function affinity(declared: string): string {
  const t = declared.toUpperCase();
  if (t.includes("INT")) return "integer";
  if (/CHAR|CLOB|TEXT/.test(t)) return "text";
  if (t === "" || t.includes("BLOB")) return "blob";
  if (/REAL|FLOA|DOUB/.test(t)) return "real";
  return "numeric";
}

let dir: string;
let test: TestDatabase;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "sms-declarations-"));
  test = await openTestDatabase(dir);
});
afterAll(async () => {
  await test.drop();
  rmSync(dir, { recursive: true, force: true });
});

async function columnsOf(table: string): Promise<DbColumn[]> {
  if (test.db.engine === "postgres") {
    const { rows } = await sql<{
      column_name: string;
      data_type: string;
      udt_name: string;
      is_nullable: string;
      column_default: string | null;
    }>`select column_name, data_type, udt_name, is_nullable, column_default from information_schema.columns
       where table_schema = current_schema() and table_name = ${table}`.execute(test.db);
    return rows.map((r) => ({
      name: r.column_name,
      type: r.data_type === "ARRAY" ? r.udt_name : r.data_type,
      nullable: r.is_nullable === "YES",
      hasDefault: r.column_default !== null,
    }));
  }
  const { rows } = await sql<{
    name: string;
    type: string;
    notnull: number;
    dflt_value: string | null;
    pk: number;
  }>`
    select name, type, "notnull", dflt_value, pk from pragma_table_info(${table})`.execute(test.db);
  return rows.map((r) => ({
    name: r.name,
    type: affinity(r.type),
    // SQLite lets a primary key other than an integer one hold NULL, a quirk it keeps for old files;
    // every writer sets the key, and PostgreSQL refuses NULL in it, so it counts as not null here.
    nullable: r.notnull === 0 && r.pk === 0,
    hasDefault: r.dflt_value !== null,
  }));
}

/** The table each foreign key column points at. */
async function foreignKeysOf(table: string): Promise<Map<string, string>> {
  const { rows } =
    test.db.engine === "postgres"
      ? await sql<{ column_name: string; target: string }>`
          select kcu.column_name, ccu.table_name as target
          from information_schema.table_constraints tc
          join information_schema.key_column_usage kcu
            on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
          join information_schema.constraint_column_usage ccu
            on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
          where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema()
            and tc.table_name = ${table}`.execute(test.db)
      : await sql<{ column_name: string; target: string }>`
          select "from" as column_name, "table" as target from pragma_foreign_key_list(${table})`.execute(
          test.db,
        );
  return new Map(rows.map((r) => [r.column_name, r.target]));
}

/** The text of the table's checks (and on SQLite of the triggers that stand in for checks). */
async function checkText(table: string): Promise<string> {
  if (test.db.engine === "postgres") {
    const { rows } = await sql<{ def: string }>`select pg_get_constraintdef(oid) as def from pg_constraint
      where conrelid = ${table}::regclass and contype = 'c'`.execute(test.db);
    return rows.map((r) => r.def).join("\n");
  }
  const { rows } = await sql<{ sql: string }>`select sql from sqlite_master
    where tbl_name = ${table} and type in ('table', 'trigger')`.execute(test.db);
  return rows.map((r) => r.sql).join("\n");
}

/** The least and greatest number a schema accepts, where it says. */
function numberBounds(schema: z.ZodTypeAny): number[] {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable)
    return numberBounds(schema.unwrap());
  if (!(schema instanceof z.ZodNumber)) return [];
  return [schema.minValue, schema.maxValue].filter((n): n is number => n !== null && Number.isFinite(n));
}

/** The values of an enum schema, through optional, nullable and refinements; undefined for any other. */
function enumValues(schema: z.ZodTypeAny | undefined): string[] | undefined {
  if (schema === undefined) return undefined;
  if (schema instanceof z.ZodEnum) return [...schema.options];
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return enumValues(schema.unwrap());
  if (schema instanceof z.ZodEffects) return enumValues(schema.innerType());
  return undefined;
}

/** What differs between one declaration and its table, in words. */
async function mismatches(table: TableDefinition): Promise<string[]> {
  const found = new Map((await columnsOf(table.name)).map((c) => [c.name, c]));
  if (found.size === 0) return [`${table.name}: no such table`];
  const foreignKeys = await foreignKeysOf(table.name);
  const problems: string[] = [];
  for (const [name, declared] of Object.entries(table.columns)) {
    const column = found.get(name);
    const at = `${table.name}.${name}`;
    if (!column) {
      problems.push(`${at}: no such column`);
      continue;
    }
    const fits =
      test.db.engine === "postgres"
        ? POSTGRES_TYPES[declared.type].includes(column.type)
        : SQLITE_AFFINITY[declared.type] === column.type;
    if (!fits) problems.push(`${at}: declared ${declared.type}, stored as ${column.type}`);
    if (declared.nullable !== column.nullable) {
      problems.push(`${at}: declared ${declared.nullable ? "" : "not "}nullable, the database disagrees`);
    }
    // Left out of an insert, the database fills it; the server itself fills its read-only columns and
    // a new row's uuid key (the table service, as PostgREST's callers expect of a uuid default).
    const serverFilled = declared.readOnly || (name === table.primaryKey && declared.type === "uuid");
    if (declared.hasDefault && !serverFilled && !column.hasDefault) {
      problems.push(`${at}: declared with a default, the database has none`);
    }
    // Generated requests put an existing row's id in a declared reference, and anything in the rest.
    const target = foreignKeys.get(name);
    if (declared.references !== target && (declared.references || !declared.readOnly)) {
      problems.push(`${at}: declared to reference ${declared.references}, the database's key: ${target}`);
    }
  }
  for (const column of found.values()) {
    if (!(column.name in table.columns) && !column.nullable && !column.hasDefault) {
      problems.push(`${table.name}.${column.name}: required by the database but not declared`);
    }
  }
  return problems;
}

const ROLLBACK = new Error("rolled back");

/** A value the declaration accepts in every column the API writes. */
const fullRow = (table: TableDefinition) =>
  Object.fromEntries(
    Object.entries(table.columns)
      .filter(([, column]) => !column.readOnly)
      .map(([name, column]) => [name, sampleValue(column)]),
  );

/**
 * Inserts a row the declaration accepts, its parents first, and returns its id: the required columns
 * only, or with `every` each column the API writes (optional references too).
 */
async function insertSample(trx: Db, table: TableDefinition, values: Record<string, unknown>, every = false) {
  const row: Record<string, unknown> = { ...(every ? fullRow(table) : sampleRow(table)), id: randomUUID() };
  for (const [name, column] of Object.entries(table.columns)) {
    const parent = column.references && tables[column.references as keyof typeof tables];
    if (parent && (every || !column.nullable)) row[name] = await insertSample(trx, parent, {});
  }
  Object.assign(row, values);
  await dynamicTables(trx)
    .insertInto(table.name)
    .values(toStoredRow(table, row, test.db.engine))
    .execute();
  return row.id;
}

/** Whether the database stores the row (then rolled back): true, or the SQLSTATE it refuses it with. */
async function stores(
  table: TableDefinition,
  values: Record<string, unknown>,
  every = false,
): Promise<true | string> {
  let outcome: true | string = true;
  await test.db
    .withTransaction(async (trx) => {
      try {
        await insertSample(trx, table, values, every);
      } catch (err) {
        const refused = restErrorFromDatabase(err, { table: table.name });
        if (!refused) throw err;
        outcome = refused.code;
      }
      throw ROLLBACK;
    })
    .catch((err) => {
      if (err !== ROLLBACK) throw err;
    });
  return outcome;
}

/** A row stored with only its required columns, read back as the API answers it (then rolled back). */
async function storedWithDefaults(table: TableDefinition): Promise<Record<string, unknown>> {
  let stored: Record<string, unknown> = {};
  await test.db
    .withTransaction(async (trx) => {
      const id = await insertSample(trx, table, {});
      const row = await dynamicTables(trx)
        .selectFrom(table.name)
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      stored = toApiRow(table, row);
      throw ROLLBACK;
    })
    .catch((err) => {
      if (err !== ROLLBACK) throw err;
    });
  return stored;
}

const declared = Object.values(tables) as TableDefinition[];

describe("each table's declaration and the migrated schema", () => {
  it.each(declared.map((t) => [t.name, t] as const))(
    "%s: columns, types, nullability, defaults",
    async (_, t) => {
      expect(await mismatches(t)).toEqual([]);
    },
  );

  it.each(declared.map((t) => [t.name, t] as const))(
    "%s: a row with a valid value in every column the API writes is stored",
    async (_, t) => {
      expect(await stores(t, {}, true)).toBe(true);
      // Each end of a number's declared range, too.
      for (const [name, column] of Object.entries(t.columns)) {
        if (column.readOnly) continue;
        for (const bound of numberBounds(column.schema)) {
          expect([name, bound, await stores(t, { [name]: bound }, true)]).toEqual([name, bound, true]);
        }
      }
    },
  );

  it.each(declared.map((t) => [t.name, t] as const))(
    "%s: a row left to the database's defaults reads back as the declaration says",
    async (_, t) => {
      const parsed = t.row.safeParse(await storedWithDefaults(t));
      expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    },
  );

  it.each(
    declared.flatMap((t) =>
      Object.keys(t.columns)
        .filter((c) => enumValues(t.row.shape[c]))
        .map((c) => [`${t.name}.${c}`, t, c] as const),
    ),
  )("%s: the database stores exactly the values the declaration writes", async (_, t, column) => {
    // What the API writes (the insert schema; for a column only the server writes, its declared values:
    // a read may add one it derives, as an invoice's "overdue").
    const writable =
      enumValues(t.insert.shape[column]) ?? (enumValues(t.columns[column]?.schema) as string[]);
    const read = enumValues(t.row.shape[column]) as string[];
    // Any other word the table's checks name must be one they refuse.
    const named = [...(await checkText(t.name)).matchAll(/'([^']*)'/g)].map((m) => m[1] as string);
    const candidates = [...new Set([...writable, ...read, ...named])];
    const outcomes: Record<string, true | string> = {};
    for (const value of candidates) outcomes[value] = await stores(t, { [column]: value });
    const expected = Object.fromEntries(candidates.map((v) => [v, writable.includes(v) ? true : "23514"]));
    expect(outcomes).toEqual(expected);
  });
});
