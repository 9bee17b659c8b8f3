import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_LOCALE } from "../../scripts/lib/postgres.mjs";
import { restErrorFromDatabase } from "../src/db/db-errors";
import { createTestContext, type TestContext } from "./helpers";

/**
 * Reads answer the same rows on SQLite and PostgreSQL, and the same as PostgreSQL's own rules say: LIKE
 * in linear time, three-valued logic under not/or/and, JSON containment, literals checked as PostgreSQL
 * checks them, and text in code point order even in a database whose locale orders it otherwise.
 */

let ctx: TestContext;
let plain: TestContext;
let server: Server;
let base = "";
let token = "";
let plainToken = "";

interface Contact {
  id: string;
  first_name: string;
  last_name: string;
  stage_name: string | null;
  email: string | null;
  location: string | null;
  reliability_score: number | null;
  strengths: Record<string, number>;
}

const FIXTURE = [
  ["Åsa", "Åberg", "Baywatch", "asa@bay.se", null, 7, { lyrics: 9, mixing: 7 }],
  ["Bo", "Berg", null, null, "Baystad", null, { lyrics: 8 }],
  ["Cia", "berg", "DJ Bay", "cia@example.com", null, 3, {}],
  ["Dan", "Zed", "bayou", null, "Malmö", 10, { vocals: 10 }],
  ["Eva", "Ärlig", null, "eva@bay.se", "Bayville", 5, { lyrics: 9 }],
  ["Fia", "Öst", "Sunny", null, null, null, {}],
  ["Gus", "abel", "Ebay Kid", "gus@example.com", "Lund", 7, { mixing: 2 }],
  ["Hal", "Örn", null, null, null, 3, { lyrics: 9, vocals: 1 }],
  ["Ida", "Adams", "Ada", "ida@ada.se", "Baystad", null, {}],
  ["Jon", "Bäck", "Jonbay", null, null, 10, { lyrics: 1 }],
] as const;

const staff = <T extends request.Test>(test: T, c = ctx) =>
  test.set("apikey", c.anonKey).set("Authorization", `Bearer ${c === ctx ? token : plainToken}`);
const queryString = (pairs: [string, string][]) =>
  pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
const contacts = (pairs: [string, string][], c = ctx) =>
  staff(request(c.app).get(`/rest/v1/crm_contacts?${queryString(pairs)}`), c);

beforeAll(async () => {
  [ctx, plain] = await Promise.all([
    createTestContext({ seed: false, locale: TEST_LOCALE }),
    createTestContext({ seed: false }),
  ]);
  token = await ctx.userToken({ role: "staff" });
  plainToken = await plain.userToken({ role: "staff" });
  const rows = FIXTURE.map(([first_name, last_name, stage_name, email, location, score, strengths]) => ({
    first_name,
    last_name,
    stage_name,
    email,
    location,
    reliability_score: score,
    strengths,
  }));
  for (const c of [ctx, plain]) {
    const res = await staff(request(c.app).post("/rest/v1/crm_contacts"), c).send(rows);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  server = ctx.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await Promise.all([ctx?.close(), plain?.close()]);
});

describe("like and ilike", () => {
  it("match the worst patterns against a 500,000-character value quickly while /health keeps answering", async () => {
    const description = `${"a_".repeat(125_000)}${"a".repeat(250_000)}`;
    await ctx.db
      .insertInto("events" as never)
      .values({ id: randomUUID(), title: "Long read", description, published: true } as never)
      .execute();
    const patterns = [
      "*_*_*_*_*_*QQ",
      "*a*a*a*a*a*a*a*a*a*a*a*a*b",
      "*a_a_a_a_a_a_a_a_a_b*",
      `*${"a".repeat(300)}b*`,
      "a*_*_*_*_*_*_*_*_*_*_*_*a",
    ];
    for (const pattern of patterns) {
      for (const op of ["like", "ilike"]) {
        const started = performance.now();
        const read = fetch(
          `${base}/rest/v1/events?select=title&description=${op}.${encodeURIComponent(pattern)}`,
          {
            headers: { apikey: ctx.anonKey },
          },
        );
        const health = (async () => {
          await new Promise((resolve) => setImmediate(resolve));
          const sent = performance.now();
          const res = await fetch(`${base}/health`);
          return { status: res.status, ms: performance.now() - sent };
        })();
        const [res, h] = await Promise.all([read, health]);
        const ms = performance.now() - started;
        expect(res.status, pattern).toBe(200);
        const expected = pattern.endsWith("*a") ? [{ title: "Long read" }] : [];
        expect(await res.json(), pattern).toEqual(expected);
        expect(ms, `${op} ${pattern}`).toBeLessThan(1000);
        expect(h.status).toBeLessThan(600);
        expect(h.ms, `/health during ${op} ${pattern}`).toBeLessThan(1000);
      }
    }
  });

  it("refuses more wildcards than the cap and a pattern ending in its escape, as 400s", async () => {
    const many = await request(ctx.app)
      .get(`/rest/v1/events?description=like.${encodeURIComponent("*a".repeat(40))}`)
      .set("apikey", ctx.anonKey);
    expect(many.status).toBe(400);
    expect(many.body.code).toBe("PGRST100");
    const trailing = await request(ctx.app)
      .get(`/rest/v1/events?title=like.${encodeURIComponent("abc\\")}`)
      .set("apikey", ctx.anonKey);
    expect(trailing.status).toBe(400);
    expect(trailing.body).toMatchObject({
      code: "22025",
      message: "LIKE pattern must not end with escape character",
    });
  });
});

// ---- three-valued logic, against a reference evaluated here over the rows read back unfiltered ----

type Truth = boolean | null;
type Leaf = { kind: "leaf"; column: keyof Contact; op: string; value: string; negated: boolean };
type Group = { kind: "group"; op: "and" | "or"; negated: boolean; children: Node[] };
type Node = Leaf | Group;

/** LIKE over code points by dynamic programming, folding each character for ilike. */
function likeReference(pattern: string, value: string, ci: boolean): boolean {
  const fold = (s: string) => (ci ? [...s].map((ch) => ch.toLowerCase()) : [...s]);
  const p = fold(pattern.replaceAll("*", "%"));
  const v = fold(value);
  let prev = [true];
  for (let j = 0; j < p.length; j++) prev.push((prev[j] as boolean) && p[j] === "%");
  for (const ch of v) {
    const row = [false];
    for (let j = 0; j < p.length; j++) {
      const t = p[j];
      row.push(
        t === "%"
          ? (row[j] as boolean) || (prev[j + 1] as boolean)
          : (prev[j] as boolean) && (t === "_" || t === ch),
      );
    }
    prev = row;
  }
  return prev[p.length] as boolean;
}

function evaluate(node: Node, row: Contact): Truth {
  let truth: Truth;
  if (node.kind === "group") {
    const values = node.children.map((c) => evaluate(c, row));
    const decisive = node.op !== "and";
    truth = values.includes(decisive) ? decisive : values.includes(null) ? null : !decisive;
  } else {
    const v = row[node.column] as string | number | null;
    if (node.op === "is") truth = v === null;
    else if (v === null) truth = null;
    else if (node.op === "eq") truth = String(v) === node.value;
    else if (node.op === "gt") truth = (v as number) > Number(node.value);
    else truth = likeReference(node.value, v as string, node.op === "ilike");
  }
  return node.negated && truth !== null ? !truth : truth;
}

const TEXT_COLUMNS = ["stage_name", "email", "location", "first_name"] as const;
const PATTERNS = ["*bay*", "*Bay*", "bay*", "*ay*", "*a*", "DJ*", "*.se", "_a*", "*Öst*", "*ADA*"];

function generator(seed: number) {
  let s = seed;
  const random = (n: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return Math.floor((s / 2147483648) * n);
  };
  const pick = <T>(items: readonly T[]) => items[random(items.length)] as T;
  const leaf = (): Leaf => {
    const negated = random(10) < 4;
    const r = random(10);
    if (r < 5) {
      return {
        kind: "leaf",
        column: pick(TEXT_COLUMNS),
        op: pick(["like", "ilike"]),
        value: pick(PATTERNS),
        negated,
      };
    }
    if (r < 7) return { kind: "leaf", column: pick(TEXT_COLUMNS), op: "is", value: "null", negated };
    if (r < 8)
      return { kind: "leaf", column: "stage_name", op: "eq", value: pick(["Baywatch", "Ada", "x"]), negated };
    return {
      kind: "leaf",
      column: "reliability_score",
      op: pick(["eq", "gt"]),
      value: pick(["3", "5", "7"]),
      negated,
    };
  };
  /** A search box's shape: one text in several indexed columns, which SQLite answers through its index. */
  const search = (): Group => {
    const op = pick(["like", "ilike"]);
    const value = pick(["*bay*", "*Bay*", "*ada*"]);
    const children = ["stage_name", "email", "first_name"]
      .slice(0, 2 + random(2))
      .map((column): Leaf => ({ kind: "leaf", column: column as keyof Contact, op, value, negated: false }));
    return { kind: "group", op: "or", negated: random(2) === 0, children };
  };
  const node = (depth: number): Node => {
    if (depth < 3 && random(10) < 2) return search();
    if (depth >= 3 || random(10) < 5) return leaf();
    const children = Array.from({ length: 2 + random(2) }, () => node(depth + 1));
    return { kind: "group", op: pick(["and", "or"] as const), negated: random(10) < 4, children };
  };
  return () => Array.from({ length: 1 + random(2) }, () => node(1));
}

const inGroup = (n: Node): string =>
  n.kind === "leaf"
    ? `${n.column}.${n.negated ? "not." : ""}${n.op}.${n.value}`
    : `${n.negated ? "not." : ""}${n.op}(${n.children.map(inGroup).join(",")})`;
const topLevel = (n: Node): [string, string] =>
  n.kind === "leaf"
    ? [n.column, `${n.negated ? "not." : ""}${n.op}.${n.value}`]
    : [`${n.negated ? "not." : ""}${n.op}`, `(${n.children.map(inGroup).join(",")})`];

describe("not, or and and over NULLs", () => {
  let rows: Contact[] = [];
  beforeAll(async () => {
    const res = await contacts([["limit", "50"]]);
    expect(res.status).toBe(200);
    rows = res.body;
    expect(rows.length).toBe(FIXTURE.length);
  });
  const idsOf = (list: Contact[]) => list.map((r) => r.id).sort();

  it("a negated ilike leaves out the rows whose value is NULL", async () => {
    const res = await contacts([
      ["stage_name", "not.ilike.*bay*"],
      ["limit", "50"],
    ]);
    expect(res.status).toBe(200);
    const expected = rows.filter((r) => r.stage_name !== null && !/bay/i.test(r.stage_name));
    expect(idsOf(res.body)).toEqual(idsOf(expected));
    expect(expected.length).toBeGreaterThan(0);
  });

  it("answers random combinations as three-valued logic does", async () => {
    const next = generator(20261126);
    for (let i = 0; i < 150; i++) {
      const conditions = next();
      const pairs = [...conditions.map(topLevel), ["limit", "50"] as [string, string]];
      const res = await contacts(pairs);
      expect(res.status, `${queryString(pairs)} ${JSON.stringify(res.body)}`).toBe(200);
      const expected = rows.filter((r) => conditions.every((c) => evaluate(c, r) === true));
      expect(idsOf(res.body), decodeURIComponent(queryString(pairs))).toEqual(idsOf(expected));
    }
  });
});

describe("cs and cd on a JSON column", () => {
  const names = (res: request.Response) => (res.body as Contact[]).map((r) => r.first_name).sort();

  it("answers jsonb containment", async () => {
    expect(names(await contacts([["strengths", 'cs.{"lyrics":9}']]))).toEqual(["Eva", "Hal", "Åsa"]);
    expect(names(await contacts([["strengths", 'cs.{"lyrics":9,"mixing":7}']]))).toEqual(["Åsa"]);
    expect(names(await contacts([["strengths", 'cd.{"lyrics":9,"mixing":7,"vocals":10}']]))).toEqual([
      "Cia",
      "Dan",
      "Eva",
      "Fia",
      "Ida",
      "Åsa",
    ]);
    expect(
      names(
        await contacts([
          ["strengths", 'not.cs.{"lyrics":9}'],
          ["limit", "50"],
        ]),
      ),
    ).toEqual(["Bo", "Cia", "Dan", "Fia", "Gus", "Ida", "Jon"]);
    expect(names(await contacts([["or", '(strengths.cs.{"vocals":10},stage_name.eq.Ada)']]))).toEqual([
      "Dan",
      "Ida",
    ]);
    // An object never contains an array: PostgreSQL's answer, not a failure.
    expect(names(await contacts([["strengths", "cs.[]"]]))).toEqual([]);
  });

  it("refuses overlap and a value that is not JSON with 400", async () => {
    const ov = await contacts([["strengths", 'ov.{"lyrics":9}']]);
    expect(ov.status).toBe(400);
    expect(ov.body.code).toBe("42883");
    const bad = await contacts([["strengths", 'cs.{"lyrics":}']]);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("22P02");
  });
});

describe("literals and checks", () => {
  const events = (filter: string) =>
    request(ctx.app).get(`/rest/v1/events?select=title&${filter}`).set("apikey", ctx.anonKey);

  it("refuses what PostgreSQL would not read as a timestamp, and a field out of range", async () => {
    const syntax = await events("event_date=gt.1");
    expect(syntax.status).toBe(400);
    expect(syntax.body).toMatchObject({
      code: "22007",
      message: 'invalid input syntax for type timestamp with time zone: "1"',
    });
    for (const value of ["2026-02-30", "2026-13-01", "2026-01-01T25:00:00Z", "0000-01-01"]) {
      const res = await events(`event_date=gt.${encodeURIComponent(value)}`);
      expect(res.status, value).toBe(400);
      expect(res.body, value).toMatchObject({
        code: "22008",
        message: `date/time field value out of range: "${value}"`,
      });
    }
  });

  it("refuses a number PostgreSQL would not read", async () => {
    for (const value of ["0x10", "0b1"]) {
      const res = await contacts([["reliability_score", `gt.${value}`]]);
      expect(res.status, value).toBe(400);
      expect(res.body.code, value).toBe("22P02");
    }
    const huge = await contacts([["reliability_score", "gt.1e999"]]);
    expect(huge.status).toBe(400);
    expect(huge.body).toMatchObject({
      code: "22003",
      message: '"1e999" is out of range for type double precision',
    });
    const decimal = await contacts([
      ["reliability_score", "gte.7.0e0"],
      ["select", "first_name"],
    ]);
    expect(decimal.body.map((r: Contact) => r.first_name).sort()).toEqual(["Dan", "Gus", "Jon", "Åsa"]);
  });

  it("reads the forms integrators send as the same instants", async () => {
    const at = "2031-03-01T10:00:00.000Z";
    await ctx.db
      .insertInto("events" as never)
      .values({ id: randomUUID(), title: "Spring gig", event_date: at, published: true } as never)
      .execute();
    for (const value of [
      "2031-03-01 10:00:00",
      "2031-03-01T10:00:00Z",
      "2031-03-01T11:00:00+01:00",
      "2031-03-01 05:00-0500",
    ]) {
      const res = await events(`event_date=eq.${encodeURIComponent(value)}`);
      expect(res.status, value).toBe(200);
      expect(res.body, value).toEqual([{ title: "Spring gig" }]);
    }
    const day = await events("event_date=gte.2031-03-01&event_date=lt.2031-03-02");
    expect(day.body).toEqual([{ title: "Spring gig" }]);
  });

  it("names the failed check as PostgreSQL does, on insert, on update and from the database", async () => {
    const message =
      'new row for relation "crm_contacts" violates check constraint "crm_contacts_reliability_score_check"';
    const insert = await staff(request(ctx.app).post("/rest/v1/crm_contacts")).send({
      first_name: "Kim",
      last_name: "Check",
      reliability_score: 11,
    });
    expect(insert.status).toBe(400);
    expect(insert.body).toMatchObject({ code: "23514", message });
    const patch = await staff(request(ctx.app).patch("/rest/v1/crm_contacts?first_name=eq.Bo")).send({
      reliability_score: -1,
    });
    expect(patch.status).toBe(400);
    expect(patch.body).toMatchObject({ code: "23514", message });
    const direct = await ctx.db
      .insertInto("crm_contacts" as never)
      .values({ id: randomUUID(), first_name: "Kim", last_name: "Check", reliability_score: 11 } as never)
      .execute()
      .then(
        () => undefined,
        (err: unknown) => restErrorFromDatabase(err, { table: "crm_contacts" }),
      );
    expect(direct).toMatchObject({ code: "23514", message });
  });
});

describe("text order and comparison by code point", () => {
  const codePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const lastNames = [...FIXTURE.map((f) => f[1] as string)];

  it(`orders and compares as SQLite does, in a ${TEST_LOCALE} database and the default one alike`, async () => {
    const sorted = [...lastNames].sort(codePoint);
    const above = lastNames.filter((n) => n > "a").sort(codePoint);
    for (const c of [ctx, plain]) {
      const order = await contacts(
        [
          ["select", "last_name"],
          ["order", "last_name.asc"],
          ["limit", "50"],
        ],
        c,
      );
      expect(order.body.map((r: Contact) => r.last_name)).toEqual(sorted);
      const desc = await contacts(
        [
          ["select", "last_name"],
          ["order", "last_name.desc"],
          ["limit", "50"],
        ],
        c,
      );
      expect(desc.body.map((r: Contact) => r.last_name)).toEqual([...sorted].reverse());
      const gt = await contacts(
        [
          ["select", "last_name"],
          ["last_name", "gt.a"],
          ["order", "last_name.asc"],
          ["limit", "50"],
        ],
        c,
      );
      expect(gt.body.map((r: Contact) => r.last_name)).toEqual(above);
    }
    // ILIKE still folds case across Unicode in that database.
    const folded = await contacts([["first_name", "ilike.åSA"]]);
    expect(folded.body.map((r: Contact) => r.first_name)).toEqual(["Åsa"]);
  });

  it("walks the name index for the list in name order, without sorting", async () => {
    const plan = await ctx.db.transaction().execute(async (trx) => {
      if (ctx.engine === "postgres") {
        await sql`set local enable_sort = off`.execute(trx);
        await sql`set local enable_seqscan = off`.execute(trx);
        const { rows } = await sql<{ "QUERY PLAN": string }>`explain select * from crm_contacts
          where kind = 'talent' and archived_at is null
          order by last_name collate "C" asc, first_name collate "C" asc, id asc limit 50`.execute(trx);
        return rows.map((r) => r["QUERY PLAN"]).join("\n");
      }
      const { rows } = await sql<{ detail: string }>`explain query plan select * from crm_contacts
        where kind = 'talent' and archived_at is null
        order by last_name asc, first_name asc, id asc limit 50`.execute(trx);
      return rows.map((r) => r.detail).join("\n");
    });
    expect(plan).toContain("crm_contacts_active_by_name_idx");
    expect(plan).not.toMatch(/\bSort\b|TEMP B-TREE/);
  });
});
