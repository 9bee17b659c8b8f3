import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openSqliteFile } from "../../src/db/engine/sqlite-file";
import { createTokenSigner } from "../../src/modules/auth/jwt";
import { TEST_SECRET } from "../helpers";
import { PROCESS_TEST_TIMEOUT, startServerProcess } from "../support/server-process";

const dir = mkdtempSync(join(tmpdir(), "sms-crash-"));
const dbPath = join(dir, "app.db");
const { anonKey, serviceRoleKey } = createTokenSigner(TEST_SECRET);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes each round has acknowledged before its kill. */
const WRITES_PER_ROUND = 6;

const startChild = () =>
  startServerProcess({
    DATABASE_URL: dbPath,
    JWT_SECRET: TEST_SECRET,
    RATE_LIMITS: "false",
    SEED_DEMO: "false",
    BCRYPT_COST: "4",
  });

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });

/**
 * Two kinds of write: a contact message (one statement of its own) and an event through the data API,
 * whose insert runs in a transaction, so concurrent ones share a group commit on SQLite.
 */
const writes = [
  {
    path: "/rest/v1/contact_messages",
    key: anonKey,
    body: (subject: string) => ({ name: "Load", email: "load@example.com", subject, message: "crash test" }),
  },
  {
    path: "/rest/v1/events",
    key: serviceRoleKey,
    body: (subject: string) => ({ title: subject, status: "upcoming" }),
  },
];

/** Writes from several concurrent writers until the server dies; returns the acknowledged ones. */
async function writeUntilKilled(base: string, round: number, acknowledged: string[]) {
  let stop = false;
  const writer = async (w: number) => {
    const write = writes[w % writes.length] as (typeof writes)[number];
    for (let i = 0; !stop; i++) {
      const subject = `r${round}-w${w}-${i}`;
      try {
        const res = await fetch(`${base}${write.path}`, {
          method: "POST",
          headers: {
            apikey: write.key,
            authorization: `Bearer ${write.key}`,
            "content-type": "application/json",
          },
          body: JSON.stringify(write.body(subject)),
        });
        if (res.status === 201) acknowledged.push(subject);
        else if (res.status >= 500) throw new Error(`server answered ${res.status}`);
      } catch (err) {
        if ((err as Error).message.startsWith("server answered")) throw err;
        stop = true; // connection refused or reset: the server is gone
      }
    }
  };
  return { run: Promise.all([0, 1, 2, 3, 4, 5].map(writer)), stop: () => (stop = true) };
}

describe("crash safety", { timeout: PROCESS_TEST_TIMEOUT }, () => {
  it("keeps every acknowledged write and a sound database across repeated SIGKILLs", async () => {
    const acknowledged: string[] = [];
    for (let round = 0; round < 4; round++) {
      const { child, base } = await startChild();
      const load = await writeUntilKilled(base, round, acknowledged);
      // Killed mid-load: once this round has had writes acknowledged (however slow a shared machine makes
      // them), then at a random moment after.
      const enough = acknowledged.length + WRITES_PER_ROUND;
      let writing = true;
      const settled = () => {
        writing = false;
      };
      load.run.then(settled, settled);
      while (writing && acknowledged.length < enough) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, Math.random() * 300));
      child.kill("SIGKILL");
      await exited(child);
      await load.run;

      const db = openSqliteFile(dbPath, { readonly: true });
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
      const stored = new Set(
        (
          db.prepare("SELECT subject FROM contact_messages UNION ALL SELECT title FROM events").all() as {
            subject: string;
          }[]
        ).map((r) => r.subject),
      );
      db.close();
      const lost = acknowledged.filter((s) => !stored.has(s));
      expect(lost).toEqual([]);
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(4 * WRITES_PER_ROUND);
    // Both kinds were acknowledged: the transactional inserts (odd writers) too.
    expect(acknowledged.filter((s) => /-w[135]-/.test(s)).length).toBeGreaterThan(0);
    // And it still starts cleanly afterwards.
    const { child, base } = await startChild();
    expect((await fetch(`${base}/health`)).status).toBe(200);
    child.kill("SIGTERM");
    expect(await exited(child)).toBe(0);
  }, 600_000);

  it("lets an in-flight request finish on SIGTERM and exits 0", async () => {
    const { child, base } = await startChild();
    const body = JSON.stringify({
      name: "Ada",
      email: "ada@example.com",
      subject: "sigterm",
      message: "finishing",
    });
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        `${base}/rest/v1/contact_messages`,
        {
          method: "POST",
          headers: {
            apikey: anonKey,
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 5));
      setTimeout(() => {
        child.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(5)), 200);
      }, 100);
    });
    expect(status).toBe(201);
    expect(await exited(child)).toBe(0);
    const db = openSqliteFile(dbPath, { readonly: true });
    expect(db.prepare("SELECT count(*) AS n FROM contact_messages WHERE subject = 'sigterm'").get()).toEqual({
      n: 1,
    });
    db.close();
  });
});
