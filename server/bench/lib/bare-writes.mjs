// The bare-driver baselines of the write benchmarks, run in their own process (like the server): the same
// statements the server runs for one refresh grant, one new contact, one deal move or one invoice issued,
// one transaction each, straight on better-sqlite3 (BEGIN IMMEDIATE, the server's synchronous setting) or
// on a pg pool of the server's size, for BASE_SECONDS (or until the drafts of BASE_SERIES are all
// issued). Sends { ops, seconds } to the parent and exits.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import pg from "pg";
import { SQLite } from "../../src/db/engine/sqlite-driver.mjs";

const {
  BASE_ENGINE,
  BASE_URL,
  BASE_KIND,
  BASE_SECONDS,
  BASE_CONCURRENCY,
  BASE_POOL,
  BASE_SYNC,
  BASE_IDS,
  BASE_SERIES,
} = process.env;
const seconds = Number(BASE_SECONDS);
/** Session ids (refresh) or deal ids (deal moves) the loop goes round. */
const ids = JSON.parse(BASE_IDS ?? "[]");
const STAGES = ["prospect", "negotiation", "contract", "won", "lost"];
const sha256 = (s) => createHash("sha256").update(s).digest("hex");
const iso = () => new Date().toISOString();

/** SQLite takes `?`, PostgreSQL `$1…`: statements are written once with `?`. */
const numbered = (text) => {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
};
const isPg = BASE_ENGINE === "postgres";
const forUpdate = isPg ? " for update" : "";
/** The drafts the invoice baseline issues, shared by its workers: loaded once, taken one at a time. */
let drafts = [];
let draftsLoaded;

/** Each kind: its setup (per worker) and one transaction's statements, given `q(sql, params)`. */
const kinds = {
  refresh: {
    // Every session carries on from its active token: the loop presents each new token once.
    async state(q, sessionId) {
      const [row] = await q(
        "select token_hash from refresh_tokens where session_id = ? and revoked_at is null",
        [sessionId],
      );
      return { sessionId, hash: row.token_hash };
    },
    async step(q, s) {
      const at = iso();
      const [found] = await q("select * from refresh_tokens where token_hash = ?", [s.hash]);
      const [session] = await q(`select * from sessions where id = ?${forUpdate}`, [found.session_id]);
      const [row] = await q("select * from refresh_tokens where token_hash = ?", [s.hash]);
      await q("update refresh_tokens set revoked_at = ? where id = ? and revoked_at is null", [at, row.id]);
      const child = sha256(randomBytes(32).toString("base64url"));
      await q(
        "insert into refresh_tokens (token_hash, session_id, user_id, parent_id, created_at, revoked_at) values (?, ?, ?, ?, ?, ?) returning id",
        [child, session.id, session.user_id, row.id, at, null],
      );
      await q("update sessions set refreshed_at = ? where id = ?", [at, session.id]);
      s.hash = child;
      s.userId = session.user_id;
    },
    // After the commit the server reads the user for the new access token.
    after: (q, s) => q("select * from users where id = ?", [s.userId]),
  },
  contact: {
    state: async () => ({ n: 0 }),
    async step(q, s) {
      const at = iso();
      const id = randomUUID();
      s.n += 1;
      const roles = isPg ? ["Producer"] : JSON.stringify(["Producer"]);
      await q(
        "insert into crm_contacts (id, first_name, last_name, roles, kind, last_activity_at, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?) returning *",
        [id, "Bare", `Baseline ${s.n}`, roles, "talent", at, at, at],
      );
      const changes = JSON.stringify({ first_name: { from: null, to: "Bare" } });
      await q(
        "insert into crm_activity (id, record_type, record_id, action, changes, actor_id, note, created_at) values (?, ?, ?, ?, ?, ?, ?, ?) returning *",
        [randomUUID(), "crm_contacts", id, "created", changes, null, null, at],
      );
    },
  },
  deal: {
    state: async (_q, worker) => ({ next: worker, stageOf: new Map() }),
    async step(q, s) {
      const at = iso();
      const id = ids[s.next % ids.length];
      s.next += Number(BASE_CONCURRENCY);
      const [before] = await q(`select * from crm_deals where id = ?${forUpdate}`, [id]);
      const stage = STAGES[(STAGES.indexOf(before.stage) + 1) % STAGES.length];
      await q("update crm_deals set stage = ?, updated_at = ? where id = ? returning *", [stage, at, id]);
      const changes = JSON.stringify({ stage: { from: before.stage, to: stage } });
      await q(
        "insert into crm_activity (id, record_type, record_id, action, changes, actor_id, note, created_at) values (?, ?, ?, ?, ?, ?, ?, ?) returning *",
        [randomUUID(), "crm_deals", id, "moved", changes, null, null, at],
      );
      await q("update crm_contacts set last_activity_at = ? where id = ?", [at, before.contact_id]);
    },
  },
  invoice: {
    async state(q) {
      draftsLoaded ??= Promise.resolve(
        q("select id from invoices where series = ? and status = 'draft' order by created_at, id", [
          BASE_SERIES,
        ]),
      ).then((rows) => {
        drafts = rows.map((row) => row.id);
      });
      await draftsLoaded;
      return {};
    },
    done: () => drafts.length === 0,
    // What issue_invoice runs: lock the draft, read its lines and the seller, lock the series (PostgreSQL),
    // take the next number, write the issued invoice and its timeline row.
    async step(q) {
      const at = iso();
      const id = drafts.shift();
      // Another worker took the last draft while this one waited for a connection.
      if (id === undefined) return false;
      const [invoice] = await q(`select * from invoices where id = ?${forUpdate}`, [id]);
      const lines = await q(
        "select * from invoice_lines where invoice_id = ? order by position, created_at, id",
        [id],
      );
      const [seller] = await q("select * from company_settings", []);
      if (isPg) await q("select pg_advisory_xact_lock(1768846959, hashtext(?))", [invoice.series]);
      const [{ last }] = await q("select max(number) as last from invoices where series = ?", [
        invoice.series,
      ]);
      const number = Number(last ?? 0) + 1;
      const net = lines.reduce((sum, line) => sum + Number(line.amount_ore), 0);
      const vat = lines.reduce(
        (sum, line) => sum + Math.round((Number(line.amount_ore) * line.vat_rate) / 100),
        0,
      );
      const day = at.slice(0, 10);
      await q(
        "update invoices set status = ?, number = ?, ocr = ?, issue_date = ?, due_date = ?, net_ore = ?, vat_ore = ?, rounding_ore = ?, total_ore = ?, vat_breakdown = ?, seller = ?, issued_at = ?, updated_at = ? where id = ? returning *",
        [
          "issued",
          number,
          `${invoice.series}${number}`,
          day,
          day,
          net,
          vat,
          0,
          net + vat,
          JSON.stringify([{ vat_rate: 25, taxable_ore: net, vat_ore: vat }]),
          JSON.stringify({ ...seller, id: undefined }),
          at,
          at,
          id,
        ],
      );
      const changes = JSON.stringify({
        status: { from: "draft", to: "issued" },
        number: { from: null, to: number },
      });
      await q(
        "insert into crm_activity (id, record_type, record_id, action, changes, actor_id, note, created_at) values (?, ?, ?, ?, ?, ?, ?, ?) returning *",
        [randomUUID(), "invoices", id, "moved", changes, null, null, at],
      );
    },
  },
};

async function runSqlite(kind) {
  const db = new SQLite(BASE_URL);
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 5000");
  db.pragma(`synchronous = ${BASE_SYNC ?? "FULL"}`);
  const statements = new Map();
  const q = (text, params) => {
    let stmt = statements.get(text);
    if (!stmt) {
      stmt = db.prepare(text);
      statements.set(text, stmt);
    }
    if (stmt.reader) return stmt.all(params);
    stmt.run(params);
    return [];
  };
  // better-sqlite3 is synchronous: one loop, like the server's one connection.
  const states = [];
  for (const id of kind === kinds.refresh ? ids : [0]) states.push(await kind.state(q, id));
  let ops = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  while (performance.now() < until && !kind.done?.()) {
    const s = states[ops % states.length];
    db.prepare("begin immediate").run();
    try {
      await kind.step(q, s);
      db.prepare("commit").run();
    } catch (err) {
      db.prepare("rollback").run();
      throw err;
    }
    if (kind.after) await kind.after(q, s);
    ops++;
  }
  db.close();
  return { ops, seconds: (performance.now() - started) / 1000 };
}

async function runPostgres(kind) {
  const pool = new pg.Pool({ connectionString: BASE_URL, max: Number(BASE_POOL) });
  const concurrency = Number(BASE_CONCURRENCY);
  const plain = async (text, params) => (await pool.query(numbered(text), params)).rows;
  let ops = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  async function worker(w) {
    const s = await kind.state(plain, kind === kinds.refresh ? ids[w % ids.length] : w);
    while (performance.now() < until && !kind.done?.()) {
      const client = await pool.connect();
      const q = async (text, params) => (await client.query(numbered(text), params)).rows;
      let stepped = true;
      try {
        await client.query("begin");
        stepped = (await kind.step(q, s)) !== false;
        await client.query("commit");
      } catch (err) {
        await client.query("rollback");
        throw err;
      } finally {
        client.release();
      }
      if (!stepped) break;
      if (kind.after) await kind.after(plain, s);
      ops++;
    }
  }
  const workers = kind === kinds.refresh ? Math.min(concurrency, ids.length) : concurrency;
  await Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
  await pool.end();
  return { ops, seconds: (performance.now() - started) / 1000 };
}

const kind = kinds[BASE_KIND];
const result = isPg ? await runPostgres(kind) : await runSqlite(kind);
process.send({ type: "done", ...result });
