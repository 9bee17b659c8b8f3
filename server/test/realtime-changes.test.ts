import { randomUUID } from "node:crypto";
import { sampleRow, tables } from "@app/contracts";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { createApp } from "../src/app";
import type { Database } from "../src/db/database";
import { createLogger } from "../src/http/logger";
import { insertMessage } from "../src/modules/realtime/relay-repository";
import { createRowChangesPruning } from "../src/modules/realtime/row-changes-pruning";
import { createTestContext, type TestContext } from "./helpers";
import { disconnectAll, eventually, listenWithRealtime, subscribe } from "./support/realtime";
import { openOtherConnection } from "./support/test-database";

/**
 * postgres_changes against stock realtime-js (through supabase-js): the rows every writer commits reach
 * the subscribers who may read them, filtered, in order, from any node on the same database.
 */

/** What realtime-js hands a postgres_changes callback. */
interface Change {
  schema: string;
  table: string;
  commit_timestamp: string;
  eventType: "INSERT" | "UPDATE" | "DELETE";
  new: Record<string, unknown>;
  old: Record<string, unknown>;
  errors: unknown;
}

let ctx: TestContext;
let live: Awaited<ReturnType<typeof listenWithRealtime>>;
let staffToken: string;
const clients: SupabaseClient[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ seed: false });
  live = await listenWithRealtime(ctx);
  staffToken = await ctx.userToken({ role: "staff" });
});

afterEach(() => disconnectAll(clients));

afterAll(async () => {
  await live.close();
  await ctx.close();
});

/**
 * A stock client whose realtime token is `session.token`, as a signed-in app's is its session's: realtime-js
 * asks for it again after each join and on setAuth(), so changing it and calling setAuth() refreshes it.
 */
async function client(token?: string, base = live.base) {
  const session = { token: token ?? ctx.anonKey };
  const made = createClient(base, ctx.anonKey, {
    accessToken: async () => session.token,
    realtime: { transport: WebSocket as never },
  });
  clients.push(made);
  // Asked before the first join, so the join carries it (as an app's signed-in session has it by then).
  await made.realtime.setAuth();
  return Object.assign(made, { session });
}

/** Subscribes `on` one client's channel and collects what it hears; the join must succeed. */
async function listen(
  on: SupabaseClient,
  filter: { event: "*" | "INSERT" | "UPDATE" | "DELETE"; table: string; filter?: string },
) {
  const heard: Change[] = [];
  const channel = on
    .channel(`changes-${randomUUID()}`)
    .on("postgres_changes", { schema: "public", ...filter } as never, (payload: Change) =>
      heard.push(payload),
    );
  const { status, error } = await subscribe(channel);
  expect(status, error?.message).toBe("SUBSCRIBED");
  return { channel, heard };
}

async function rest(method: string, path: string, body?: unknown, token = staffToken) {
  const res = await fetch(`${live.base}/rest/v1/${path}`, {
    method,
    headers: {
      apikey: ctx.anonKey,
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      prefer: "return=representation",
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, text).toBeLessThan(300);
  return text ? JSON.parse(text) : undefined;
}

const addDeal = async (values: Record<string, unknown>) =>
  (await rest("POST", "crm_deals", { title: `Deal ${randomUUID()}`, ...values }))[0] as Record<
    string,
    unknown
  >;

const addEvent = async (published: boolean) =>
  (await rest("POST", "events", { title: `Release ${randomUUID()}`, published }))[0] as Record<
    string,
    unknown
  >;

const count = (n: number, heard: unknown[]) => () => (heard.length >= n ? true : undefined);

describe("postgres_changes", () => {
  it("announces an insert, an update and a delete as the data API reads the row", async () => {
    const { heard } = await listen(await client(staffToken), { event: "*", table: "crm_deals" });
    const deal = await addDeal({ stage: "prospect", value_sek: 1200 });
    await rest("PATCH", `crm_deals?id=eq.${deal.id}`, { stage: "won" });
    const [read] = await rest("GET", `crm_deals?id=eq.${deal.id}`);
    await rest("DELETE", `crm_deals?id=eq.${deal.id}`);
    await eventually(count(3, heard));

    expect(heard.map((c) => c.eventType)).toEqual(["INSERT", "UPDATE", "DELETE"]);
    for (const change of heard) {
      expect(change).toMatchObject({ schema: "public", table: "crm_deals", errors: null });
      expect(Date.parse(change.commit_timestamp)).not.toBeNaN();
    }
    expect(heard[0]?.new).toEqual(deal);
    expect(heard[0]?.old).toEqual({});
    expect(heard[1]?.new).toEqual(read);
    expect(heard[1]?.old).toEqual({ id: deal.id });
    // A deleted row is announced by its key alone.
    expect(heard[2]?.new).toEqual({});
    expect(heard[2]?.old).toEqual({ id: deal.id });
  });

  it("hears only the events asked for", async () => {
    const on = await client(staffToken);
    const inserts = await listen(on, { event: "INSERT", table: "crm_deals" });
    const deletes = await listen(on, { event: "DELETE", table: "crm_deals" });
    const deal = await addDeal({});
    await rest("PATCH", `crm_deals?id=eq.${deal.id}`, { position: 7 });
    await rest("DELETE", `crm_deals?id=eq.${deal.id}`);
    await eventually(count(1, deletes.heard));
    expect(inserts.heard.map((c) => [c.eventType, c.new.id])).toEqual([["INSERT", deal.id]]);
    expect(deletes.heard.map((c) => [c.eventType, c.old.id])).toEqual([["DELETE", deal.id]]);
  });

  it("filters with eq, in and gt, as the data API's filters read them", async () => {
    const on = await client(staffToken);
    const won = await listen(on, { event: "*", table: "crm_deals", filter: "stage=eq.won" });
    const closing = await listen(on, { event: "*", table: "crm_deals", filter: "stage=in.(contract,lost)" });
    const large = await listen(on, { event: "INSERT", table: "crm_deals", filter: "value_sek=gt.1000" });
    // Subscribed last on the same socket, so it hears each change after the others have.
    const all = await listen(on, { event: "INSERT", table: "crm_deals" });
    const a = await addDeal({ stage: "won", value_sek: 500 });
    const b = await addDeal({ stage: "lost", value_sek: 5000 });
    const c = await addDeal({ stage: "prospect", value_sek: 10 });
    await eventually(count(3, all.heard));
    const ids = (heard: Change[]) => heard.map((change) => change.new.id);
    expect(ids(all.heard)).toEqual([a.id, b.id, c.id]);
    expect(ids(won.heard)).toEqual([a.id]);
    expect(ids(closing.heard)).toEqual([b.id]);
    expect(ids(large.heard)).toEqual([b.id]);
  });

  it("refuses a join it cannot serve, saying why", async () => {
    const on = await client(staffToken);
    const cases = [
      { event: "*", schema: "public", table: "no_such_table" },
      { event: "*", schema: "private", table: "crm_deals" },
      { event: "*", schema: "public", table: "crm_deals", filter: "stage=like.w*" },
      { event: "*", schema: "public", table: "crm_deals", filter: "no_column=eq.1" },
    ];
    for (const binding of cases) {
      const channel = on.channel(`bad-${randomUUID()}`).on("postgres_changes", binding as never, () => {});
      const { status, error } = await subscribe(channel);
      expect(status, JSON.stringify(binding)).toBe("CHANNEL_ERROR");
      expect(error?.message).toMatch(/table|schema|filter|column/i);
      await on.removeChannel(channel);
    }
  });

  it("carries a row larger than a NOTIFY payload whole", async () => {
    const { heard } = await listen(await client(staffToken), { event: "INSERT", table: "events" });
    // 5,000 two-byte letters: 10 kB, past the 8 kB a PostgreSQL notification can carry.
    const description = "å".repeat(5000);
    const event = (await rest("POST", "events", { title: "Long notes", description }))[0];
    await eventually(count(1, heard));
    expect(heard[0]?.new).toEqual(event);
    expect(heard[0]?.new.description).toBe(description);
  });

  it("keeps each table's changes in the order they were committed", async () => {
    const { heard } = await listen(await client(staffToken), { event: "*", table: "crm_deals" });
    const deal = await addDeal({ position: 0 });
    for (const position of [1, 2, 3, 4]) await rest("PATCH", `crm_deals?id=eq.${deal.id}`, { position });
    await eventually(count(5, heard));
    expect(heard.map((c) => c.new.position)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe("who hears a change", () => {
  it("anon never hears a staff table, and of the events only the published ones", async () => {
    const anon = await client();
    const deals = await listen(anon, { event: "*", table: "crm_deals" });
    const events = await listen(anon, { event: "INSERT", table: "events" });
    await addDeal({});
    const draft = await addEvent(false);
    const published = await addEvent(true);
    await eventually(count(1, events.heard));
    expect(events.heard.map((c) => c.new.id)).toEqual([published.id]);
    expect(events.heard[0]?.new).toEqual(published);
    expect(deals.heard).toEqual([]);
    expect(draft.published).toBe(false);
  });

  it("a column the data API never shows stays out of the change", async () => {
    const adminToken = await ctx.userToken({ role: "admin" });
    const { heard } = await listen(await client(adminToken), { event: "INSERT", table: "company_settings" });
    // company_settings keeps an undeclared `singleton` column that holds it to one row.
    const [row] = await rest("POST", "company_settings", sampleRow(tables.company_settings), adminToken);
    await eventually(count(1, heard));
    expect(heard[0]?.new).toEqual(row);
    expect(heard[0]?.new).not.toHaveProperty("singleton");
  });

  it("a refreshed token that is no longer staff's stops the staff table's rows", async () => {
    const on = await client(staffToken);
    const deals = await listen(on, { event: "INSERT", table: "crm_deals" });
    const first = await addDeal({});
    await eventually(count(1, deals.heard));

    on.session.token = await ctx.userToken({ role: null });
    await on.realtime.setAuth();
    // A join on the same socket is answered after the token change is handled.
    const events = await listen(on, { event: "INSERT", table: "events" });
    await addDeal({});
    const published = await addEvent(true);
    await eventually(count(1, events.heard));
    expect(events.heard[0]?.new.id).toBe(published.id);
    expect(deals.heard.map((c) => c.new.id)).toEqual([first.id]);
  });
});

describe("every writer, every node", () => {
  it("a write over another connection (the CLI's, say) reaches the subscriber", async () => {
    const { heard } = await listen(await client(staffToken), { event: "INSERT", table: "crm_deals" });
    const other = await openOtherConnection(ctx.databaseUrl);
    try {
      const id = randomUUID();
      await other.insertInto("crm_deals").values({ id, title: "Written elsewhere" }).execute();
      await eventually(count(1, heard));
      expect(heard[0]?.new).toMatchObject({ id, title: "Written elsewhere", stage: "prospect" });
    } finally {
      await other.close();
    }
  });

  it("a change committed while the node's notifications were cut off still arrives", async () => {
    const { heard } = await listen(await client(staffToken), { event: "INSERT", table: "crm_deals" });
    const other = await openOtherConnection(ctx.databaseUrl);
    try {
      // PostgreSQL: the node's listening connection is cut (a restart of the database, a network
      // failure); SQLite has no such connection, and the change below reaches it as any other.
      if (ctx.db.engine === "postgres")
        await sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query = 'LISTEN app_row_changes'`.execute(other);
      const id = randomUUID();
      await other.insertInto("crm_deals").values({ id, title: "Written while cut off" }).execute();
      await eventually(count(1, heard), 5000);
      expect(heard.map((c) => c.new.id)).toEqual([id]);
    } finally {
      await other.close();
    }
  });

  it("a write on one node reaches a subscriber on another node of the same database", async () => {
    let nodeDb: Database | undefined;
    let node: Awaited<ReturnType<typeof listenWithRealtime>> | undefined;
    try {
      nodeDb = await openOtherConnection(ctx.databaseUrl);
      const app = await createApp({ config: ctx.config, db: nodeDb, logger: createLogger("silent") });
      node = await listenWithRealtime({ ...ctx, app });
      const { heard } = await listen(await client(staffToken, node.base), { event: "*", table: "crm_deals" });
      const deal = await addDeal({ title: "Moved on node A" });
      await rest("PATCH", `crm_deals?id=eq.${deal.id}`, { stage: "contract" });
      await eventually(count(2, heard));
      expect(heard.map((c) => [c.eventType, c.new.id, c.new.stage])).toEqual([
        ["INSERT", deal.id, "prospect"],
        ["UPDATE", deal.id, "contract"],
      ]);
    } finally {
      for (const made of clients.splice(0)) made.realtime.disconnect();
      await node?.close();
      await nodeDb?.close();
    }
  });
});

describe("the change log", () => {
  it("is pruned of the changes older than it keeps", async () => {
    const logged = async () =>
      Number(
        (
          await ctx.db
            .selectFrom("row_changes")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirst()
        )?.n,
      );
    await addDeal({});
    expect(await logged()).toBeGreaterThan(0);
    const pruning = (now: number) =>
      createRowChangesPruning({
        db: ctx.db,
        keepSeconds: 300,
        logger: createLogger("silent"),
        now: () => now,
      });
    // A broadcast relayed for other nodes while nobody listens anywhere goes with them.
    await insertMessage(ctx.db, {
      node: "elsewhere",
      room: "public|realtime:x",
      event: "broadcast",
      payload: {},
    });
    const relayed = async () => (await ctx.db.selectFrom("realtime_messages").select("id").execute()).length;
    expect(await pruning(Date.now()).tick()).toBe(0);
    expect(await relayed()).toBe(1);
    const pruned = await pruning(Date.now() + 301_000).tick();
    expect(pruned).toBeGreaterThan(0);
    expect(await logged()).toBe(0);
    expect(await relayed()).toBe(0);
  });

  it("is written by every table's triggers, which name every declared column", async () => {
    const unlogged = new Set(["royalty_lines"]);
    const missing: string[] = [];
    for (const table of Object.values(tables)) {
      if (unlogged.has(table.name)) continue;
      const text =
        ctx.db.engine === "postgres"
          ? (
              await sql<{ name: string }>`select tgname as name from pg_trigger
                where tgrelid = ${table.name}::regclass and tgname = ${`${table.name}_log_row_change`}`.execute(
                ctx.db,
              )
            ).rows.map((r) => r.name)
          : (
              await sql<{ sql: string }>`select sql from sqlite_master
                where type = 'trigger' and tbl_name = ${table.name} and name like ${`${table.name}_log_%`}`.execute(
                ctx.db,
              )
            ).rows.map((r) => r.sql);
      // PostgreSQL's trigger logs the whole row; SQLite's three name each column (see logRowChanges).
      if (text.length !== (ctx.db.engine === "postgres" ? 1 : 3)) missing.push(`${table.name}: no triggers`);
      for (const column of ctx.db.engine === "postgres" ? [] : table.columnNames)
        if (!text.every((t) => t.includes(`"${column}"`))) missing.push(`${table.name}.${column}`);
    }
    expect(missing).toEqual([]);
  });
});
