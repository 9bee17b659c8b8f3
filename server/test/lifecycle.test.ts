import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import request from "supertest";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config";
import { migrateToLatest } from "../src/db/migrate";
import { seedDemoData } from "../src/db/seed";
import { createUserAsAdmin } from "../src/modules/auth/admin";
import { createTokenSigner } from "../src/modules/auth/jwt";
import { startServer } from "../src/server";
import { createTestContext, TEST_SECRET, testServerConfig } from "./helpers";
import { openOtherConnection, openTestDatabase } from "./support/test-database";

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), "sms-life-"));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("health", () => {
  it("answers 200 while the database works and 503 once it is unusable", async () => {
    const ctx = await createTestContext({ seed: false });
    expect((await request(ctx.app).get("/health")).body).toEqual({ status: "ok" });
    await ctx.db.close();
    const res = await request(ctx.app).get("/health");
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: "unavailable" });
    await ctx.close();
  });
});

describe("database", () => {
  it("migrates idempotently and seeds without duplicating rows", async () => {
    const test = await openTestDatabase(tempDir(), { migrated: false });
    try {
      const first = await migrateToLatest(test.db);
      expect(first.results?.length).toBeGreaterThan(0);
      const second = await migrateToLatest(test.db);
      expect(second.results).toEqual([]);
      const seeded = await seedDemoData(test.db);
      expect(seeded.talent).toBeGreaterThanOrEqual(60);
      const again = await seedDemoData(test.db);
      expect(Object.values(again).every((n) => n === 0)).toBe(true);
      expect(seeded.deals).toBeGreaterThan(0);
    } finally {
      await test.drop();
    }
  });
});

describe("config", () => {
  it("names every bad variable at once", () => {
    let error: unknown;
    try {
      loadConfig({ PORT: "eighty", LOG_LEVEL: "loud", JWT_SECRET: "short", SITE_URL: "not a url" });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join("\n");
    for (const name of ["PORT", "LOG_LEVEL", "JWT_SECRET", "SITE_URL"]) expect(problems).toContain(name);
  });

  it("requires JWT_SECRET in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATABASE_URL: join(tempDir(), "a.db") })).toThrow(
      /JWT_SECRET/,
    );
  });

  it("takes TRUST_PROXY as off, a hop count or proxy addresses, and refuses true with the reason", () => {
    const trustProxy = (value: string) =>
      loadConfig({ TRUST_PROXY: value, DATABASE_URL: ":memory:", JWT_SECRET: TEST_SECRET }).TRUST_PROXY;
    for (const off of ["false", "0", ""]) expect(trustProxy(off)).toBe(false);
    expect(trustProxy("2")).toBe(2);
    expect(trustProxy("127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback")).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "::1",
      "fd00::/8",
      "loopback",
    ]);
    expect(() => trustProxy("true")).toThrow(
      /TRUST_PROXY: true is refused: .*forge.*number of proxies.*CIDR/s,
    );
    for (const bad of ["yes", "10.0.0.0/33", "proxy.internal", "1.2.3.4/8/8", ","]) {
      expect(() => trustProxy(bad), bad).toThrow(/TRUST_PROXY: must be false, a hop count or a list/);
    }
  });

  it("generates a development secret once, kept with mode 0600", () => {
    const dir = tempDir();
    const a = loadConfig({ DATABASE_URL: join(dir, "db", "app.db") });
    const b = loadConfig({ DATABASE_URL: join(dir, "db", "app.db") });
    expect(a.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(b.JWT_SECRET).toBe(a.JWT_SECRET);
    const file = join(dir, "db", "jwt-secret");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // The folder it made for the data is the server user's alone.
    expect(statSync(join(dir, "db")).mode & 0o777).toBe(0o700);
    expect(readFileSync(file, "utf8").trim()).toBe(a.JWT_SECRET);
  });

  it("requires MFA_ENCRYPTION_KEY in production, of at least 32 bytes", () => {
    const production = {
      NODE_ENV: "production",
      JWT_SECRET: "x".repeat(32),
      DATABASE_URL: join(tempDir(), "a.db"),
    };
    expect(() => loadConfig(production)).toThrow(/MFA_ENCRYPTION_KEY: is required in production/);
    expect(() => loadConfig({ ...production, MFA_ENCRYPTION_KEY: "short" })).toThrow(/MFA_ENCRYPTION_KEY/);
    expect(loadConfig({ ...production, MFA_ENCRYPTION_KEY: "k".repeat(32) }).MFA_ENCRYPTION_KEY).toBe(
      "k".repeat(32),
    );
  });

  it("generates a development MFA_ENCRYPTION_KEY once, beside the JWT secret, with mode 0600", () => {
    const dir = tempDir();
    const a = loadConfig({ DATABASE_URL: join(dir, "db", "app.db") });
    const b = loadConfig({ DATABASE_URL: join(dir, "db", "app.db") });
    expect(a.MFA_ENCRYPTION_KEY.length).toBeGreaterThanOrEqual(32);
    expect(a.MFA_ENCRYPTION_KEY).not.toBe(a.JWT_SECRET);
    expect(b.MFA_ENCRYPTION_KEY).toBe(a.MFA_ENCRYPTION_KEY);
    const file = join(dir, "db", "mfa-encryption-key");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8").trim()).toBe(a.MFA_ENCRYPTION_KEY);
  });
});

describe("graceful shutdown", () => {
  it("finishes a request that is in flight, then refuses new connections", async () => {
    const { config, databaseUrl, drop } = await testServerConfig(tempDir(), { PORT: "0" });
    const running = await startServer(config, pino({ level: "silent" }));
    const body = JSON.stringify({
      name: "Ada",
      email: "ada@example.com",
      subject: "Hi",
      message: "In flight",
    });
    const { port } = running.server.address() as { port: number };

    const responded = new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          port,
          host: "127.0.0.1",
          method: "POST",
          path: "/rest/v1/contact_messages",
          headers: {
            apikey: createTokenSigner(config.JWT_SECRET).anonKey,
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      // Half the body now, the rest after shutdown has begun.
      req.write(body.slice(0, 10));
      setTimeout(() => {
        closed = running.close();
        setTimeout(() => req.end(body.slice(10)), 100);
      }, 100);
    });
    let closed: Promise<void> | undefined;
    expect(await responded).toBe(201);
    await closed;
    const db = await openOtherConnection(databaseUrl);
    expect(await db.selectFrom("contact_messages").select("message").execute()).toEqual([
      { message: "In flight" },
    ]);
    await db.close();
    await drop();
    await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
  });
});

describe("graceful shutdown with background work", () => {
  it("sends the mail a request queued before the database closes", async () => {
    const { config, databaseUrl, drop } = await testServerConfig(tempDir(), { PORT: "0" });
    const running = await startServer(config, pino({ level: "silent" }));
    await createUserAsAdmin(
      { db: running.db, config },
      { email: "owner@example.com", password: "a long and unusual pass phrase", role: null },
    );
    let release: () => void = () => undefined;
    running.work.enqueue("held", () => new Promise<void>((resolve) => (release = resolve)));
    const res = await fetch(`${running.url}/auth/v1/recover`, {
      method: "POST",
      headers: { apikey: createTokenSigner(config.JWT_SECRET).anonKey, "content-type": "application/json" },
      body: JSON.stringify({ email: "owner@example.com" }),
    });
    expect(res.status).toBe(200);
    const closed = running.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Still open while the queued work waits, closed once it is done.
    expect(await running.db.selectFrom("mail_outbox").select("id").execute()).toEqual([]);
    release();
    await closed;
    await expect(running.db.selectFrom("mail_outbox").select("id").execute()).rejects.toThrow();
    const db = await openOtherConnection(databaseUrl);
    expect(await db.selectFrom("mail_outbox").select(["kind", "to_address"]).execute()).toEqual([
      { kind: "recovery", to_address: "owner@example.com" },
    ]);
    await db.close();
    await drop();
  });
});

describe(".env", () => {
  it("is read from the given root without overriding the environment", async () => {
    const { loadDotEnvFile } = await import("../src/config");
    const dir = tempDir();
    const { writeFileSync } = await import("node:fs");
    writeFileSync(join(dir, ".env"), "SMS_TEST_FROM_FILE=file\nSMS_TEST_BOTH=file\n");
    process.env.SMS_TEST_BOTH = "shell";
    try {
      loadDotEnvFile(dir);
      expect(process.env.SMS_TEST_FROM_FILE).toBe("file");
      expect(process.env.SMS_TEST_BOTH).toBe("shell");
    } finally {
      delete process.env.SMS_TEST_FROM_FILE;
      delete process.env.SMS_TEST_BOTH;
    }
  });
});
