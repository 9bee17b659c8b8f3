import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TableDefinition } from "@app/contracts";
import bcrypt from "bcrypt";
import type { Express } from "express";
import { createApp } from "../src/app";
import { type Config, loadConfig } from "../src/config";
import type { Database } from "../src/db/database";
import { seedDemoData } from "../src/db/seed";
import { createLogger } from "../src/http/logger";
import { draftUser } from "../src/modules/auth/accounts";
import { type AppRole, createTokenSigner } from "../src/modules/auth/jwt";
import { createWorkQueue, type WorkQueue } from "../src/work-queue";
import { openTestDatabase, type TestEngine, testEngine } from "./support/test-database";

export const TEST_SECRET = "test-secret-that-is-at-least-32-bytes-long!!";
export const TEST_MFA_KEY = "test-mfa-encryption-key-at-least-32-bytes!!";

export interface TestContext {
  app: Express;
  db: Database;
  /** The engine this run's server suites use (TEST_DB_ENGINE). */
  engine: TestEngine;
  /** DATABASE_URL for the same data, for a second server process or the CLI. */
  databaseUrl: string;
  config: Config;
  anonKey: string;
  /** The server-side service_role key (GoTrue's admin API). */
  serviceRoleKey: string;
  dir: string;
  logs: string[];
  /** The app's background work (mail, lookups after the answer); tests can hold it up with a task. */
  work: WorkQueue;
  /** The app's clock: real time plus whatever `advance` added. */
  clock: { now(): number; advance(seconds: number): void };
  /**
   * Mints an access token for a real, confirmed user with a live session row (both created on first use
   * of a userId/sessionId), so the session check accepts it until the session is ended.
   */
  userToken(opts?: {
    role?: AppRole | null;
    expiresIn?: number;
    sessionId?: string;
    userId?: string;
    email?: string;
  }): Promise<string>;
  /** A user with a bcrypt password (cost 4), confirmed unless told otherwise. */
  createUser(opts?: {
    email?: string;
    password?: string;
    role?: AppRole | null;
    confirmed?: boolean;
  }): Promise<{ id: string; email: string; password: string }>;
  close(): Promise<void>;
}

let userCounter = 0;
export const uniqueEmail = (prefix = "user") =>
  `${prefix}-${process.pid}-${Date.now().toString(36)}-${++userCounter}@example.com`;
export const TEST_PASSWORD = "correct horse battery staple 42";

export function testConfig(dir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    DATABASE_URL: join(dir, "app.db"),
    // With PostgreSQL the data folder (secret files, backups) would otherwise be the repository's own.
    DATA_DIR: dir,
    JWT_SECRET: TEST_SECRET,
    MFA_ENCRYPTION_KEY: TEST_MFA_KEY,
    LOG_LEVEL: "info",
    WEB_DIST: join(dir, "no-web-dist"),
    STORAGE_DIR: join(dir, "storage"),
    BCRYPT_COST: "4",
    // Tests read the outbox through supertest, from loopback.
    DEV_MAIL_UI: "true",
    ...env,
  });
}

/**
 * A real app over a real database of this run's engine (a SQLite file in a fresh temporary folder, or a
 * PostgreSQL database cloned from the migrated template, or one of `locale`); log lines are captured.
 * `tables` adds tables to the data API (their own migration is the test's business).
 */
export async function createTestContext(
  opts: {
    env?: Record<string, string>;
    seed?: boolean;
    tables?: Record<string, TableDefinition>;
    /** A PostgreSQL database of this locale (SQLite has none). */
    locale?: string;
  } = {},
): Promise<TestContext> {
  const dir = mkdtempSync(join(tmpdir(), "sms-test-"));
  const testDb = await openTestDatabase(dir, { locale: opts.locale });
  const { db } = testDb;
  const config = testConfig(dir, { DATABASE_URL: testDb.url, ...opts.env });
  if (opts.seed !== false) await seedDemoData(db);
  const logs: string[] = [];
  // The product's own logger (its redaction included), writing into `logs`.
  const logger = createLogger("info", { write: (line: string) => logs.push(line) });
  let offset = 0;
  const clock = {
    now: () => Date.now() + offset,
    advance(seconds: number) {
      offset += seconds * 1000;
    },
  };
  const work = createWorkQueue(logger);
  const app = await createApp({ config, db, logger, now: clock.now, work, tables: opts.tables });
  const tokens = createTokenSigner(config.JWT_SECRET, clock.now);

  const { ensureUser, userToken } = userTokens(db, config, clock.now);
  return {
    app,
    db,
    engine: testEngine(),
    databaseUrl: testDb.url,
    config,
    dir,
    logs,
    work,
    anonKey: tokens.anonKey,
    serviceRoleKey: tokens.serviceRoleKey,
    clock,
    userToken,
    async createUser({
      email = uniqueEmail(),
      password = TEST_PASSWORD,
      role = null,
      confirmed = true,
    } = {}) {
      const id = randomUUID();
      await ensureUser(id, email.toLowerCase(), role, await bcrypt.hash(password, 4), confirmed);
      return { id, email: email.toLowerCase(), password };
    },
    async close() {
      await work.whenIdle();
      await testDb.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Configuration for a real server process or startServer() on a fresh database of this run's engine,
 * with `drop` to remove that database afterwards. The database is migrated but empty (the server seeds).
 */
export async function testServerConfig(dir: string, env: Record<string, string> = {}) {
  const testDb = await openTestDatabase(dir);
  await testDb.db.close();
  return {
    config: testConfig(dir, { DATABASE_URL: testDb.url, ...env }),
    databaseUrl: testDb.url,
    drop: () => testDb.drop(),
  };
}

/** The environment of a server process (see startServerProcess) on `databaseUrl`, with the test secrets. */
export const serverProcessEnv = (databaseUrl: string, env: Record<string, string> = {}) => ({
  DATABASE_URL: databaseUrl,
  JWT_SECRET: TEST_SECRET,
  MFA_ENCRYPTION_KEY: TEST_MFA_KEY,
  BCRYPT_COST: "4",
  ...env,
});

/**
 * Mints access tokens for real, confirmed users with live session rows, written straight into the
 * tables as a sign-up and a sign-in would leave them (both created on first use of a userId/sessionId).
 */
export function userTokens(db: Database, config: Config, now: () => number = Date.now) {
  const tokens = createTokenSigner(config.JWT_SECRET, now);
  const iso = () => new Date(now()).toISOString();
  async function ensureUser(
    id: string,
    email: string,
    role: AppRole | null,
    passwordHash: string | null,
    confirmed = true,
  ) {
    if (await db.selectFrom("users").select("id").where("id", "=", id).executeTakeFirst()) return;
    const draft = draftUser({
      email,
      passwordHash,
      userMetadata: "{}",
      at: iso(),
      confirmed,
      confirmedRole: role ?? undefined,
    });
    const { email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at } = draft.user;
    await db.withTransaction(async (trx) => {
      await trx
        .insertInto("users")
        .values({
          id,
          email,
          encrypted_password: passwordHash,
          email_confirmed_at,
          raw_app_meta_data,
          raw_user_meta_data,
          created_at,
          updated_at: created_at,
        })
        .execute();
      await trx
        .insertInto("identities")
        .values({ ...draft.identity, user_id: id, provider_id: id, last_sign_in_at: null })
        .execute();
    });
  }

  async function ensureSession(sessionId: string, userId: string) {
    if (await db.selectFrom("sessions").select("id").where("id", "=", sessionId).executeTakeFirst()) return;
    const at = iso();
    await db
      .insertInto("sessions")
      .values({
        id: sessionId,
        user_id: userId,
        aal: "aal1",
        factor_id: null,
        amr: "[]",
        user_agent: "test",
        ip: "127.0.0.1",
        created_at: at,
        refreshed_at: at,
        not_after: new Date(now() + config.SESSION_TIMEBOX * 1000).toISOString(),
        ended_at: null,
        ended_reason: null,
      })
      .execute();
  }

  async function userToken({
    role = "staff",
    expiresIn = 600,
    sessionId = randomUUID(),
    userId = randomUUID(),
    email = uniqueEmail("token"),
  }: Parameters<TestContext["userToken"]>[0] = {}) {
    await ensureUser(userId, email, role, null);
    await ensureSession(sessionId, userId);
    return tokens.signAccessToken(
      {
        sub: userId,
        email,
        phone: "",
        role: "authenticated",
        app_metadata: { provider: "email", providers: ["email"], ...(role ? { role } : {}) },
        user_metadata: {},
        session_id: sessionId,
        aal: "aal1",
        amr: [{ method: "password", timestamp: Math.floor(Date.now() / 1000) }],
        is_anonymous: false,
      },
      expiresIn,
    ).token;
  }
  return { ensureUser, userToken };
}
