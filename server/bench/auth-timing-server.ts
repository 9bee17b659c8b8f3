// The app for bench/auth-timing.ts, in its own process: work done after an answer must not be timed by a
// client sharing its event loop (a real client is always another process).
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { createApp } from "../src/app";
import { loadConfig } from "../src/config";
import { openConfiguredDatabase } from "../src/db/database";
import { migrateToLatest } from "../src/db/migrate";
import { draftUser, insertDraftUser } from "../src/modules/auth/accounts";
import { createUserAsAdmin } from "../src/modules/auth/admin";
import { createTokenSigner } from "../src/modules/auth/jwt";
import { createWorkQueue } from "../src/work-queue";

const CONFIRMED = "timing@example.com";
const UNCONFIRMED = "unconfirmed@example.com";

const dir = mkdtempSync(join(tmpdir(), "auth-timing-"));
const config = loadConfig({
  NODE_ENV: "test",
  DATABASE_URL: join(dir, "app.db"),
  JWT_SECRET: randomUUID() + randomUUID(),
  BCRYPT_COST: process.env.BCRYPT_COST ?? "12",
  RATE_LIMITS: "false",
  WEB_DIST: join(dir, "none"),
});
const db = await openConfiguredDatabase(config);
await migrateToLatest(db);
await createUserAsAdmin({ db, config }, { email: CONFIRMED, password: "the real pass phrase 1", role: null });
const unconfirmed = draftUser({
  email: UNCONFIRMED,
  passwordHash: null,
  userMetadata: "{}",
  at: new Date().toISOString(),
  confirmed: false,
});
await db.withTransaction((trx) => insertDraftUser(trx, unconfirmed));
const logger = pino({ level: "silent" });
const work = createWorkQueue(logger);
const app = await createApp({ config, db, logger, work });
const server = app.listen(0, "127.0.0.1");
await new Promise((resolve) => server.once("listening", resolve));
const { port } = server.address() as AddressInfo;
process.send?.({
  type: "ready",
  base: `http://127.0.0.1:${port}/auth/v1`,
  anonKey: createTokenSigner(config.JWT_SECRET).anonKey,
  confirmed: CONFIRMED,
  unconfirmed: UNCONFIRMED,
});
process.on("message", async (msg: { type: string }) => {
  if (msg.type !== "stop") return;
  await work.whenIdle();
  server.close();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
});
