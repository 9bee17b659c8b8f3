import { mkdtempSync, rmSync } from "node:fs";
import { get as httpGet } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Config } from "../src/config";
import { createTokenSigner } from "../src/modules/auth/jwt";
import { type RunningServer, startServer } from "../src/server";
import { createTestContext, testServerConfig, userTokens } from "./helpers";
import { openOtherConnection } from "./support/test-database";

let running: RunningServer;
let dir: string;
let databaseUrl: string;
let drop: () => Promise<void>;
let anonKey: string;
let config: Config;
const logs: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "sms-cache-"));
  const server = await testServerConfig(dir, { PORT: "0", CORS_ORIGINS: "https://partner.example.com" });
  ({ databaseUrl, drop, config } = server);
  running = await startServer(server.config, pino({ level: "info" }, { write: (l: string) => logs.push(l) }));
  anonKey = createTokenSigner(server.config.JWT_SECRET).anonKey;
});
afterAll(async () => {
  await running.close();
  await drop();
  rmSync(dir, { recursive: true, force: true });
});

const events = (headers: Record<string, string> = {}, query = "select=*&order=event_date.asc") =>
  fetch(`${running.url}/rest/v1/events?${query}`, { headers: { apikey: anonKey, ...headers } });
const comparable = (res: Response) => {
  const h = Object.fromEntries(res.headers);
  delete h["x-request-id"];
  delete h.date;
  return h;
};

describe("the public read cache in front of the app", () => {
  it("answers a repeated anonymous read with the same bytes and headers, a fresh request id and a log line", async () => {
    const first = await events({ "x-request-id": "first-1" });
    const second = await events({ "x-request-id": "second-2" });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(await second.text()).toBe(await first.text());
    expect(comparable(second)).toEqual(comparable(first));
    expect(second.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(second.headers.get("cache-control")).toBe("no-store");
    expect(second.headers.get("content-range")).toBe(first.headers.get("content-range"));
    expect(second.headers.get("x-request-id")).toBe("second-2");
    expect(logs.some((l) => l.includes('"id":"second-2"') && l.includes("/rest/v1/events"))).toBe(true);
  });

  it("keeps one entry per encoding: a compressed answer is never replayed to a client that did not ask for it", async () => {
    const raw = (acceptEncoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        const req = httpGet(
          `${running.url}/rest/v1/events?select=*&order=title.asc`,
          { headers: { apikey: anonKey, "accept-encoding": acceptEncoding } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () =>
              resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }),
            );
          },
        );
        req.on("error", reject);
      });
    const br = await raw("br");
    const gzip = await raw("gzip");
    const plain = await raw("identity");
    const brAgain = await raw("br");
    expect(br.encoding).toBe("br");
    expect(gzip.encoding).toBe("gzip");
    expect(plain.encoding).toBeUndefined();
    expect(JSON.parse(plain.body.toString()).length).toBeGreaterThan(0);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(brAgain.body.equals(br.body)).toBe(true);
  });

  it("serves what changed after a write by another process", async () => {
    const count = async () => ((await (await events({}, "select=id")).json()) as unknown[]).length;
    const before = await count();
    const other = await openOtherConnection(databaseUrl);
    await other
      .insertInto("events")
      .values({
        id: "00000000-0000-4000-8000-00000000cafe",
        title: "New",
        status: "upcoming",
        published: true,
      })
      .execute();
    await other.close();
    // SQLite's data_version moves at the commit; PostgreSQL's NOTIFY arrives a moment after it.
    await expect.poll(count, { timeout: 2000 }).toBe(before + 1);
  });

  it("shows a staff member's insert, edit and cancellation on the very next anonymous read", async () => {
    const staff = await userTokens(running.db, config).userToken({ role: "staff" });
    const write = (method: string, path: string, body: unknown) =>
      fetch(`${running.url}/rest/v1/events${path}`, {
        method,
        headers: {
          apikey: anonKey,
          authorization: `Bearer ${staff}`,
          "content-type": "application/json",
          prefer: "return=representation",
        },
        body: JSON.stringify(body),
      });
    const listed = async () =>
      ((await (await events()).json()) as { title: string; status: string }[])
        .filter((e) => e.title.startsWith("Cache Night"))
        .map((e) => `${e.title}:${e.status}`);
    expect(await listed()).toEqual([]);
    expect(await listed()).toEqual([]); // now kept by the cache

    const created = await write("POST", "", {
      title: "Cache Night",
      event_date: "2031-05-01T18:00:00.000Z",
      published: true,
    });
    expect(created.status).toBe(201);
    const [{ id }] = (await created.json()) as [{ id: string }];
    expect(await listed()).toEqual(["Cache Night:upcoming"]);
    expect((await write("PATCH", `?id=eq.${id}`, { title: "Cache Night II" })).status).toBe(200);
    expect(await listed()).toEqual(["Cache Night II:upcoming"]);
    expect((await write("PATCH", `?id=eq.${id}`, { status: "cancelled" })).status).toBe(200);
    expect(await listed()).toEqual(["Cache Night II:cancelled"]);
  });

  it("never serves a draft to the anonymous key, before or after it is cached, until it is published", async () => {
    const staff = await userTokens(running.db, config).userToken({ role: "staff" });
    const asStaff = (method: string, path: string, body?: unknown) =>
      fetch(`${running.url}/rest/v1/events${path}`, {
        method,
        headers: { apikey: anonKey, authorization: `Bearer ${staff}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const query = "select=title&title=eq.Draft%20Night";
    const anonTitles = async () => (await (await events({}, query)).json()) as { title: string }[];
    expect((await asStaff("POST", "", { title: "Draft Night" })).status).toBe(201);
    // Staff read the very same URL: their answer is theirs alone.
    expect(await (await asStaff("GET", `?${query}`)).json()).toEqual([{ title: "Draft Night" }]);
    expect(await anonTitles()).toEqual([]);
    expect(await anonTitles()).toEqual([]); // now kept by the cache
    expect((await asStaff("PATCH", "?title=eq.Draft%20Night", { published: true })).status).toBe(204);
    expect(await anonTitles()).toEqual([{ title: "Draft Night" }]);
    expect((await asStaff("PATCH", "?title=eq.Draft%20Night", { published: false })).status).toBe(204);
    expect(await anonTitles()).toEqual([]);
  });

  it("keeps CORS per origin: a listed origin's answer is never replayed to another", async () => {
    const partner = await events({ origin: "https://partner.example.com" });
    expect(partner.headers.get("access-control-allow-origin")).toBe("https://partner.example.com");
    const evil = await events({ origin: "https://evil.example" });
    expect(evil.headers.get("access-control-allow-origin")).toBeNull();
    const again = await events({ origin: "https://evil.example" });
    expect(again.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("never answers a request with a user token, a bad key or no key from the cache", async () => {
    await events();
    const helper = await createTestContext({ seed: false });
    const foreign = await helper.userToken({ expiresIn: -10 });
    await helper.close();
    expect((await events({ authorization: `Bearer ${foreign}` })).status).toBe(401);
    expect((await fetch(`${running.url}/rest/v1/events?select=*&order=event_date.asc`)).status).toBe(401);
    const bad = await fetch(`${running.url}/rest/v1/events?select=*&order=event_date.asc`, {
      headers: { apikey: `${anonKey}x` },
    });
    expect(bad.status).toBe(401);
  });

  it("never replays a page, an object or a count to a request that did not ask for it, nor the other way round", async () => {
    const rows = async (res: Response) => {
      expect(res.status).toBe(200);
      return (await res.json()) as unknown;
    };
    const all = (await rows(await events({}, "select=id&order=title.asc"))) as unknown[];
    expect(all.length).toBeGreaterThan(1);

    // A page first, then a visitor's plain read of the same URL; and a plain read, then a page.
    const paged = "select=id&order=title.desc";
    expect(await rows(await events({ range: "0-0" }, paged))).toHaveLength(1);
    expect(await rows(await events({}, paged))).toHaveLength(all.length);
    const plainFirst = "select=id,title&order=title.desc";
    expect(await rows(await events({}, plainFirst))).toHaveLength(all.length);
    expect(await rows(await events({ range: "0-0" }, plainFirst))).toHaveLength(1);

    // One object (supabase-js's single()), then a plain read: a list; and the other way round.
    const object = { accept: "application/vnd.pgrst.object+json" };
    const one = "select=id&order=title.asc&limit=1";
    expect(Array.isArray(await rows(await events(object, one)))).toBe(false);
    expect(await rows(await events({}, one))).toEqual([all[0]]);
    const oneAgain = "select=id&order=title.asc&limit=1&offset=0";
    expect(await rows(await events({}, oneAgain))).toEqual([all[0]]);
    expect(await rows(await events(object, oneAgain))).toEqual(all[0]);

    // A counted read names its total; a plain one never does.
    const counted = "select=id&order=event_date.desc";
    const withCount = await events({ prefer: "count=exact" }, counted);
    expect(withCount.headers.get("content-range")).toBe(`0-${all.length - 1}/${all.length}`);
    expect((await events({}, counted)).headers.get("content-range")).toBe(`0-${all.length - 1}/*`);
  });

  it("does not cache error answers", async () => {
    const first = await events({}, "limit=-1");
    const second = await events({}, "limit=-1");
    expect(first.status).toBe(400);
    expect(second.status).toBe(400);
    expect(second.headers.get("content-type")).toContain("application/json");
  });
});
