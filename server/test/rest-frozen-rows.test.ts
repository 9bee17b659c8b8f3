import { randomUUID } from "node:crypto";
import { sampleRow, type TableDefinition, tables } from "@app/contracts";
import { sql } from "kysely";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableHooks } from "../src/app";
import { dynamicTables } from "../src/db/dynamic-tables";
import type { FrozenStates, Row } from "../src/rest/table-hooks";
import { createTestContext, type TestContext } from "./helpers";
import { sampleRowWithParents } from "./support/sample-rows";

/**
 * Every table whose hooks freeze rows in some states, taken from the registry and the hooks (a table
 * that gains a frozen state is covered without a change here): in each state of its state column,
 * every write form is refused exactly when the state is frozen, and a refused or ignored write leaves
 * the row byte for byte as it was (and adds no other row).
 */

let ctx: TestContext;
let staffToken: string;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  staffToken = await ctx.userToken({ role: "staff" });
});
afterAll(() => ctx.close());

const api = (method: "post" | "put" | "patch" | "delete", path: string) =>
  request(ctx.app)[method](path).set("apikey", ctx.anonKey).set("Authorization", `Bearer ${staffToken}`);

const guarded = Object.entries(tableHooks).flatMap(([name, hooks]) => {
  const table = (tables as Record<string, TableDefinition>)[name];
  return hooks.frozen && table ? [{ table, frozen: hooks.frozen }] : [];
});

/** Every value the state column can hold, from its declaration. */
function statesOf(table: TableDefinition, frozen: FrozenStates): string[] {
  const options = (table.columns[frozen.column]?.schema as { options?: string[] } | undefined)?.options;
  if (!options) throw new Error(`${table.name}.${frozen.column} must be declared as an enum`);
  return options;
}

/** A change to columns a client may write (never a key, a parent or the state itself), new values. */
function changeOf(table: TableDefinition, frozen: FrozenStates): Row {
  const writable = Object.keys(table.update.shape);
  const sample = sampleRow(table);
  return Object.fromEntries(
    Object.entries(sample).filter(
      ([name]) =>
        writable.includes(name) &&
        name !== table.primaryKey &&
        name !== frozen.column &&
        !table.columns[name]?.references,
    ),
  );
}

type Form = "patch" | "put" | "merge" | "bulk merge" | "ignore duplicates" | "delete";
const FORMS: Form[] = ["patch", "put", "merge", "bulk merge", "ignore duplicates", "delete"];

async function send(form: Form, table: TableDefinition, row: Row, change: Row) {
  const path = `/rest/v1/${table.name}`;
  const byKey = `${path}?${table.primaryKey}=eq.${row[table.primaryKey]}`;
  // An upsert names the row by its key and sends what an insert needs, from the row itself.
  const insertable = Object.keys(table.insert.shape).filter((k) => row[k] !== null && row[k] !== undefined);
  const upsert = { ...Object.fromEntries(insertable.map((k) => [k, row[k]])), ...change };
  const upsertWith = (resolution: string) =>
    api("post", path).set("Prefer", `resolution=${resolution}, return=representation`);
  switch (form) {
    case "patch":
      return api("patch", byKey).send(change);
    case "put":
      return api("put", byKey).set("Prefer", "return=representation").send(upsert);
    case "merge":
      return upsertWith("merge-duplicates").send(upsert);
    case "bulk merge": {
      // A new row first, with the same columns (a bulk body names one set): a refusal must undo it too.
      const fresh = {
        ...upsert,
        ...(await sampleRowWithParents(ctx.db, table)),
        [table.primaryKey]: randomUUID(),
      };
      return upsertWith("merge-duplicates").send([fresh, upsert]);
    }
    case "ignore duplicates":
      return upsertWith("ignore-duplicates").send(upsert);
    case "delete":
      return api("delete", byKey);
  }
}

/** The row exactly as stored (every column, the engine's own values), or undefined once deleted. */
const storedRow = async (table: TableDefinition, key: unknown) =>
  (
    await sql<Row>`select * from ${sql.table(table.name)} where ${sql.ref(table.primaryKey)} = ${key}`.execute(
      ctx.db,
    )
  ).rows[0];
const rowCount = async (table: TableDefinition) =>
  Number(
    (await sql<{ n: number }>`select count(*) as n from ${sql.table(table.name)}`.execute(ctx.db)).rows[0]?.n,
  );

it("finds at least one table with frozen states in the registry", () => {
  expect(guarded.map((g) => g.table.name)).toContain("legal_documents");
});

describe.each(guarded.map((g) => [g.table.name, g] as const))("%s", (_name, { table, frozen }) => {
  const cases = statesOf(table, frozen).flatMap((state) => FORMS.map((form) => [state, form] as const));

  it.each(cases)("in state %s, a %s", async (state, form) => {
    const created = await api("post", `/rest/v1/${table.name}`)
      .set("Prefer", "return=representation")
      .send(await sampleRowWithParents(ctx.db, table));
    expect(created.status, created.text).toBe(201);
    const key = created.body[0][table.primaryKey];
    await dynamicTables(ctx.db)
      .updateTable(table.name)
      .set({ [frozen.column]: state })
      .where(table.primaryKey, "=", key)
      .execute();
    const row = { ...created.body[0], [frozen.column]: state } as Row;
    const before = await storedRow(table, key);
    const count = await rowCount(table);
    const change = changeOf(table, frozen);
    expect(Object.keys(change).length).toBeGreaterThan(0);

    const res = await send(form, table, row, change);

    if (form === "ignore duplicates") {
      // The duplicate is ignored in every state: nothing is written, nothing refused.
      expect(res.status, res.text).toBe(201);
      expect(res.body).toEqual([]);
      expect(await storedRow(table, key)).toEqual(before);
    } else if (frozen.states.includes(state)) {
      const refusal = frozen.refusal(form === "delete" ? "delete" : "update", row);
      expect(res.status, res.text).toBe(refusal.status);
      expect(res.body.message).toBe(refusal.message);
      expect(await storedRow(table, key)).toEqual(before);
      expect(await rowCount(table)).toBe(count);
    } else if (form === "delete") {
      expect(res.status, res.text).toBe(204);
      expect(await storedRow(table, key)).toBeUndefined();
    } else {
      expect(res.status, res.text).toBeLessThan(300);
      const after = await storedRow(table, key);
      expect(after).toMatchObject(change);
      expect(after?.[frozen.column]).toBe(state);
    }
  });
});
