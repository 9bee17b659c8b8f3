import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PostgrestClient } from "@supabase/postgrest-js";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTokenSigner } from "../src/modules/auth/jwt";
import { type RunningServer, startServer } from "../src/server";
import { createTestContext, testConfig } from "./helpers";

let running: RunningServer;
let dir: string;
let anonKey: string;
let staffToken: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "sms-pgjs-"));
  const config = testConfig(dir, { PORT: "0", SEED_DEMO: "true" });
  running = await startServer(config, pino({ level: "silent" }));
  anonKey = createTokenSigner(config.JWT_SECRET).anonKey;
  // A staff token for this server's database, minted the same way the other API tests do.
  const helper = await createTestContext({ env: { DATABASE_URL: config.DATABASE_PATH }, seed: false });
  staffToken = helper.userToken({ role: "staff" });
  helper.db.close();
});
afterAll(async () => {
  await running.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a stock @supabase/postgrest-js client", () => {
  it("reads events ordered by date with the anonymous key", async () => {
    const client = new PostgrestClient(`${running.url}/rest/v1`, {
      headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
    });
    const { data, error } = await client.from("events").select("*").order("event_date", { ascending: true });
    expect(error).toBeNull();
    expect(data?.length).toBeGreaterThan(3);
    const dated = (data ?? []).map((e) => e.event_date).filter(Boolean);
    expect(dated).toEqual([...dated].sort());
  });

  it("reads crm_contacts with an exact count as staff", async () => {
    const client = new PostgrestClient(`${running.url}/rest/v1`, {
      headers: { apikey: anonKey, Authorization: `Bearer ${staffToken}` },
    });
    const { data, count, error } = await client
      .from("crm_contacts")
      .select("*", { count: "exact" })
      .limit(50);
    expect(error).toBeNull();
    expect(data).toHaveLength(50);
    expect(count).toBe(64);
  });

  it("gets PostgREST's error for an unsupported filter", async () => {
    const client = new PostgrestClient(`${running.url}/rest/v1`, { headers: { apikey: anonKey } });
    const { data, error, status } = await client.from("events").select("*").eq("status", "upcoming");
    expect(data).toBeNull();
    expect(status).toBe(400);
    expect(error?.code).toBe("PGRST100");
  });
});
