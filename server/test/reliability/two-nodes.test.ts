import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import bcrypt from "bcrypt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/database";
import { createTokenSigner } from "../../src/modules/auth/jwt";
import {
  serverProcessEnv,
  TEST_PASSWORD,
  TEST_SECRET,
  testServerConfig,
  uniqueEmail,
  userTokens,
} from "../helpers";
import { SELLER } from "../support/seller";
import { PROCESS_TEST_TIMEOUT, type ServerProcess, startServerProcess } from "../support/server-process";
import { PNG } from "../support/storage-files";
import { openOtherConnection, testEngine } from "../support/test-database";

/**
 * Two server processes on one database, as two nodes behind a proxy: nothing either keeps in memory may
 * disagree with the other (refresh rotation, sign-out, rate limits, the public read cache).
 */
let dir: string;
let a: ServerProcess;
let b: ServerProcess;
let db: Database;
let drop: () => Promise<void>;
let tokens: ReturnType<typeof userTokens>;
const anonKey = createTokenSigner(TEST_SECRET).anonKey;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "sms-nodes-"));
  const server = await testServerConfig(dir);
  drop = server.drop;
  const env = serverProcessEnv(server.databaseUrl, { SEED_DEMO: "true", RATE_LIMITS: "true" });
  // With PostgreSQL each node stages uploads in a folder of its own, as on two machines: a file must
  // reach the other node through the database. SQLite nodes share one machine and its STORAGE_DIR.
  const ownFolder = (node: string): Record<string, string> =>
    testEngine() === "postgres" ? { STORAGE_DIR: join(dir, `storage-${node}`) } : {};
  a = await startServerProcess({ ...env, ...ownFolder("a") });
  b = await startServerProcess({ ...env, ...ownFolder("b") });
  db = await openOtherConnection(server.databaseUrl);
  tokens = userTokens(db, server.config);
}, PROCESS_TEST_TIMEOUT);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.close();
  await drop?.();
  rmSync(dir, { recursive: true, force: true });
});

const call = (
  node: ServerProcess,
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
) =>
  fetch(`${node.base}${path}`, {
    method: init.method ?? "GET",
    headers: {
      apikey: anonKey,
      "content-type": "application/json",
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

async function signedIn() {
  const email = uniqueEmail("node");
  await tokens.ensureUser(crypto.randomUUID(), email, "staff", await bcrypt.hash(TEST_PASSWORD, 4));
  const res = await call(a, "/auth/v1/token?grant_type=password", {
    method: "POST",
    body: { email, password: TEST_PASSWORD },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { access_token: string; refresh_token: string };
}

describe("two nodes on one database", () => {
  it("ten concurrent refreshes of one token, split across both nodes, make exactly one child", async () => {
    const session = await signedIn();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(i % 2 ? b : a, "/auth/v1/token?grant_type=refresh_token", {
          method: "POST",
          body: { refresh_token: session.refresh_token },
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as { refresh_token: string } })),
      ),
    );
    expect(answers.map((x) => x.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((x) => x.body.refresh_token)).size).toBe(1);
    const sessionId = JSON.parse(
      Buffer.from(session.access_token.split(".")[1] as string, "base64url").toString(),
    ).session_id;
    const tokens = await db
      .selectFrom("refresh_tokens")
      .select("id")
      .where("session_id", "=", sessionId)
      .execute();
    expect(tokens).toHaveLength(2);
  });

  it("a session signed out on one node is refused on the other at once", async () => {
    const session = await signedIn();
    expect((await call(b, "/auth/v1/user", { token: session.access_token })).status).toBe(200);
    expect((await call(a, "/auth/v1/logout", { method: "POST", token: session.access_token })).status).toBe(
      204,
    );
    expect((await call(b, "/auth/v1/user", { token: session.access_token })).status).toBe(403);
    expect((await call(b, "/rest/v1/crm_contacts?limit=1", { token: session.access_token })).status).toBe(
      401,
    );
  });

  it("shares the per-IP form limit: 10 submissions in 10 minutes, whichever node takes them", async () => {
    const message = { name: "Ada", email: "ada@example.com", subject: "Hi", message: "Hej" };
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (await call(i % 2 ? b : a, "/rest/v1/contact_messages", { method: "POST", body: message })).status,
      );
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("an event written through one node is in the other's cached public list on the next read", async () => {
    const titles = async () =>
      (
        (await (await call(b, "/rest/v1/events?select=title&order=event_date.asc")).json()) as {
          title: string;
        }[]
      ).map((e) => e.title);
    const before = await titles();
    expect(await titles()).toEqual(before); // served from b's cache now
    const written = await call(a, "/rest/v1/events", {
      method: "POST",
      token: await tokens.userToken({ role: "staff" }),
      body: { title: "Written on node A", event_date: "2027-01-01T18:00:00.000Z", published: true },
    });
    expect(written.status).toBe(201);
    expect(await titles()).toContain("Written on node A");
  });

  it("an event edited and cancelled through one node shows so in the other's cached public list", async () => {
    const staff = await tokens.userToken({ role: "staff" });
    const write = (method: string, path: string, body: unknown) =>
      call(a, `/rest/v1/events${path}`, { method, token: staff, body });
    const listed = async () =>
      (
        (await (await call(b, "/rest/v1/events?select=title,status")).json()) as {
          title: string;
          status: string;
        }[]
      )
        .filter((e) => e.title.startsWith("Two-node"))
        .map((e) => `${e.title}:${e.status}`);
    const created = await write("POST", "", {
      title: "Two-node gig",
      event_date: "2031-02-01T18:00:00.000Z",
      published: true,
    });
    expect(created.status).toBe(201);
    // PostgreSQL's NOTIFY reaches node B a moment after node A's commit.
    await expect.poll(listed, { timeout: 2000 }).toEqual(["Two-node gig:upcoming"]);
    expect(await listed()).toEqual(["Two-node gig:upcoming"]); // kept by b's cache now
    expect(
      (await write("PATCH", "?title=eq.Two-node%20gig", { title: "Two-node gig, late show" })).status,
    ).toBe(204);
    await expect.poll(listed, { timeout: 2000 }).toEqual(["Two-node gig, late show:upcoming"]);
    expect((await write("PATCH", "?title=like.Two-node*", { status: "cancelled" })).status).toBe(204);
    await expect.poll(listed, { timeout: 2000 }).toEqual(["Two-node gig, late show:cancelled"]);
  });

  it("a file uploaded through one node downloads from the other, and is gone from both once removed", async () => {
    const token = await tokens.userToken({ role: "staff" });
    const path = `nodes/${crypto.randomUUID()}.png`;
    const uploaded = await fetch(`${a.base}/storage/v1/object/event-posters/${path}`, {
      method: "POST",
      headers: { apikey: anonKey, authorization: `Bearer ${token}`, "content-type": "image/png" },
      body: PNG,
    });
    expect(uploaded.status).toBe(200);
    const fromB = await fetch(`${b.base}/storage/v1/object/public/event-posters/${path}`);
    expect(fromB.status).toBe(200);
    expect(Buffer.from(await fromB.arrayBuffer())).toEqual(PNG);
    const removed = await call(b, "/storage/v1/object/event-posters", {
      method: "DELETE",
      token,
      body: { prefixes: [path] },
    });
    expect(removed.status).toBe(200);
    expect((await fetch(`${a.base}/storage/v1/object/public/event-posters/${path}`)).status).toBe(404);
  });

  it("20 invoices issued at once, split across both nodes, take the numbers 1 to 20 of their series", async () => {
    await db
      .insertInto("company_settings")
      .values({ id: crypto.randomUUID(), ...SELLER })
      .execute();
    const { access_token: token } = await signedIn();
    const drafts = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const id = crypto.randomUUID();
        const res = await call(a, "/rest/v1/invoices", {
          method: "POST",
          token,
          body: {
            id,
            series: "D",
            buyer_name: "Kund AB",
            buyer_street_address: "Storgatan 2",
            buyer_postal_code: "111 22",
            buyer_city: "Stockholm",
            delivery_date: "2026-11-20",
          },
        });
        expect(res.status).toBe(201);
        const line = await call(b, "/rest/v1/invoice_lines", {
          method: "POST",
          token,
          body: {
            invoice_id: id,
            description: "Mix",
            quantity_milli: 1000,
            unit_price_ore: 100_000,
            vat_rate: 25,
          },
        });
        expect(line.status).toBe(201);
        return id;
      }),
    );
    const answers = await Promise.all(
      drafts.map((invoice_id, i) =>
        call(i % 2 ? b : a, "/rest/v1/rpc/issue_invoice", {
          method: "POST",
          token,
          body: { invoice_id },
        }).then(async (r) => ({
          status: r.status,
          body: (await r.json()) as { number: number; ocr: string },
        })),
      ),
    );
    expect(answers.map((x) => x.status)).toEqual(Array(20).fill(200));
    const expected = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(answers.map((x) => x.body.number).sort((x, y) => x - y)).toEqual(expected);
    const stored = await db
      .selectFrom("invoices")
      .select(["number", "ocr"])
      .where("series", "=", "D")
      .execute();
    expect(stored.map((row) => row.number).sort((x, y) => Number(x) - Number(y))).toEqual(expected);
    expect(new Set(stored.map((row) => row.ocr)).size).toBe(20);
  });
});
