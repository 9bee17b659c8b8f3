/**
 * Compares how long a password sign-in takes to fail for an unknown address and for a wrong password.
 * They should be indistinguishable (both run exactly one bcrypt comparison).
 *
 *   pnpm --filter @app/server exec tsx bench/auth-timing.ts [attempts=200] [bcrypt cost=12]
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { createApp } from "../src/app";
import { loadConfig } from "../src/config";
import { openDatabase } from "../src/db/database";
import { migrateToLatest } from "../src/db/migrate";
import { createUserAsAdmin } from "../src/modules/auth/admin";
import { createTokenSigner } from "../src/modules/auth/jwt";

const attempts = Number(process.argv[2] ?? 200);
const cost = process.argv[3] ?? "12";

const dir = mkdtempSync(join(tmpdir(), "auth-timing-"));
const config = loadConfig({
  NODE_ENV: "test",
  DATABASE_URL: join(dir, "app.db"),
  JWT_SECRET: randomUUID() + randomUUID(),
  BCRYPT_COST: cost,
  RATE_LIMITS: "false",
  WEB_DIST: join(dir, "none"),
});
const db = openDatabase({ path: config.DATABASE_PATH });
await migrateToLatest(db.kysely);
const email = "timing@example.com";
await createUserAsAdmin({ db, config }, { email, password: "the real pass phrase 1", role: null });
const app = createApp({ config, db, logger: pino({ level: "silent" }) });
const server = app.listen(0, "127.0.0.1");
await new Promise((resolve) => server.once("listening", resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/auth/v1/token?grant_type=password`;
const { anonKey } = createTokenSigner(config.JWT_SECRET);

async function time(body: object) {
  const start = process.hrtime.bigint();
  const res = await fetch(url, {
    method: "POST",
    headers: { apikey: anonKey, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  await res.text();
  if (res.status !== 400) throw new Error(`expected 400, got ${res.status}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

const unknown: number[] = [];
const wrong: number[] = [];
// Interleaved, alternating which goes first, so drift (load, GC) and order hit both series alike.
for (let i = 0; i < attempts; i++) {
  const tryUnknown = async () =>
    unknown.push(await time({ email: `nobody-${i}@example.com`, password: "a wrong pass phrase" }));
  const tryWrong = async () => wrong.push(await time({ email, password: "a wrong pass phrase" }));
  if (i % 2 === 0) {
    await tryUnknown();
    await tryWrong();
  } else {
    await tryWrong();
    await tryUnknown();
  }
}
const mu = median(unknown);
const mw = median(wrong);
console.log(`bcrypt cost ${cost}, ${attempts} attempts each`);
console.log(`unknown e-mail   median ${mu.toFixed(2)} ms`);
console.log(`wrong password   median ${mw.toFixed(2)} ms`);
console.log(`difference       ${(mw - mu).toFixed(2)} ms (${(((mw - mu) / mw) * 100).toFixed(1)}%)`);
server.close();
db.close();
rmSync(dir, { recursive: true, force: true });
