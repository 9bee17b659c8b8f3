import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Express } from "express";
import pino from "pino";
import { createApp } from "../src/app";
import { type Config, loadConfig } from "../src/config";
import { type Database, openDatabase } from "../src/db/database";
import { migrateToLatest } from "../src/db/migrate";
import { seedDemoData } from "../src/db/seed";
import { type AppRole, createTokenSigner } from "../src/modules/auth/jwt";

export const TEST_SECRET = "test-secret-that-is-at-least-32-bytes-long!!";

export interface TestContext {
  app: Express;
  db: Database;
  config: Config;
  anonKey: string;
  dir: string;
  logs: string[];
  /** Mints an access token directly with the secret (as an integrator's own GoTrue would). */
  userToken(opts?: {
    role?: AppRole | null;
    expiresIn?: number;
    sessionId?: string;
    userId?: string;
  }): string;
  close(): void;
}

export function testConfig(dir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    DATABASE_URL: join(dir, "app.db"),
    JWT_SECRET: TEST_SECRET,
    LOG_LEVEL: "info",
    WEB_DIST: join(dir, "no-web-dist"),
    BCRYPT_COST: "4",
    ...env,
  });
}

/** A real app over a real SQLite file in a fresh temporary folder; log lines are captured. */
export async function createTestContext(
  opts: { env?: Record<string, string>; seed?: boolean } = {},
): Promise<TestContext> {
  const dir = mkdtempSync(join(tmpdir(), "sms-test-"));
  const config = testConfig(dir, opts.env);
  const db = openDatabase({ path: config.DATABASE_PATH });
  await migrateToLatest(db.kysely);
  if (opts.seed !== false) seedDemoData(db);
  const logs: string[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => logs.push(line) });
  const app = createApp({ config, db, logger });
  const tokens = createTokenSigner(config.JWT_SECRET);
  return {
    app,
    db,
    config,
    dir,
    logs,
    anonKey: tokens.anonKey,
    userToken({ role = "staff", expiresIn = 600, sessionId = randomUUID(), userId = randomUUID() } = {}) {
      return tokens.signAccessToken(
        {
          sub: userId,
          email: "someone@example.com",
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
    },
    close() {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
