import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PostgrestClient } from "@supabase/postgrest-js";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTokenSigner } from "../src/modules/auth/jwt";
import { type RunningServer, startServer } from "../src/server";
import { testServerConfig, userTokens } from "./helpers";

let running: RunningServer;
let dir: string;
let anonKey: string;
let staffToken: string;
let drop: () => Promise<void>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "sms-pgjs-"));
  const server = await testServerConfig(dir, { PORT: "0", SEED_DEMO: "true" });
  drop = server.drop;
  running = await startServer(server.config, pino({ level: "silent" }));
  anonKey = createTokenSigner(server.config.JWT_SECRET).anonKey;
  staffToken = await userTokens(running.db, server.config).userToken({ role: "staff" });
});
afterAll(async () => {
  await running.close();
  await drop();
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
      .eq("kind", "talent")
      .limit(50);
    expect(error).toBeNull();
    expect(data).toHaveLength(50);
    expect(count).toBe(64);
  });

  it("filters events with eq, as integrators write it", async () => {
    const client = new PostgrestClient(`${running.url}/rest/v1`, { headers: { apikey: anonKey } });
    const { data, error, status } = await client
      .from("events")
      .select("title, status")
      .eq("status", "upcoming");
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data?.length).toBeGreaterThan(0);
    expect(data?.every((e) => e.status === "upcoming")).toBe(true);
  });

  it("gets PostgREST's error for a filter on a column that does not exist", async () => {
    const client = new PostgrestClient(`${running.url}/rest/v1`, { headers: { apikey: anonKey } });
    const { data, error, status } = await client.from("events").select("*").eq("secret", "x");
    expect(data).toBeNull();
    expect(status).toBe(400);
    expect(error?.code).toBe("42703");
  });
});
