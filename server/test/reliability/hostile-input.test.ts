import { createHash, randomUUID } from "node:crypto";
import {
  applicationInputSchema,
  type ColumnSpec,
  contactMessageInputSchema,
  isAllowed,
  sampleValue,
  type TableDefinition,
  tables,
} from "@app/contracts";
import { type AppRoute, isZodType } from "@ts-rest/core";
import fc from "fast-check";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableHooks } from "../../src/app";
import { latestMail, linkPath } from "../auth/support";
import { createTestContext, type TestContext } from "../helpers";
import { contractRoutes } from "../support/contract-routes";
import { existingIds, parentColumns, parentIds, parentKey, takenParents } from "../support/sample-rows";
import { type WriteWatch, watchWrites } from "../support/write-watch";

let ctx: TestContext;
let staffToken: string;
let writes: WriteWatch;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  staffToken = await ctx.userToken({ role: "admin" });
  writes = await watchWrites(ctx.db);
});
afterAll(() => ctx.close());

const routes = contractRoutes();
const tokenRoute = routes.find(([name]) => name === "auth.issueToken")?.[1] as AppRoute;

function familyShapeOk(path: string, status: number, body: unknown): boolean {
  if (typeof body !== "object" || body === null) return false;
  const keys = Object.keys(body).sort().join(",");
  if (keys === "message") return true; // the gateway's key errors
  if (path.startsWith("/rest/v1")) return keys === "code,details,hint,message";
  if (path.startsWith("/storage/v1")) {
    const b = body as Record<string, unknown>;
    return keys === "code,error,message,statusCode" && b.statusCode === String(status);
  }
  if (path.startsWith("/auth/v1")) {
    const b = body as Record<string, unknown>;
    return (
      (b.code === status && typeof b.error_code === "string" && typeof b.msg === "string") ||
      (typeof b.code === "string" && typeof b.message === "string")
    );
  }
  return typeof (body as { message?: unknown }).message === "string";
}

const junkString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constant("\u0000\u0001\u0002"),
  fc.constant("x".repeat(20_000)),
  fc.constant("' OR 1=1; DROP TABLE events; --"),
  fc.constant("🎵🎸".repeat(100)),
  fc.constant("eq.not-a-uuid"),
);
const deepJson = fc.integer({ min: 50, max: 2000 }).map((depth) => "[".repeat(depth) + "]".repeat(depth));
const junkBody = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 8 }),
  junkString,
);
const junkQuery = fc.dictionary(
  fc.oneof(
    fc.constantFrom(
      "select",
      "order",
      "limit",
      "offset",
      "id",
      "grant_type",
      "redirect_to",
      "scope",
      "type",
      "token",
    ),
    fc.string({ maxLength: 10 }),
  ),
  junkString,
  { maxKeys: 4 },
);
/** "staff" carries an administrator's token; "service" the service_role key (past every data and storage policy). */
const PRINCIPALS = ["none", "anon", "staff", "service"] as const;
const principal = fc.constantFrom(...PRINCIPALS);
/** Storage routes get a real bucket most of the time, so the junk reaches the key and body checks. */
const bucket = fc.constantFrom("event-posters", "portfolio-media", "documents", "no-such-bucket");

/**
 * Signing out ends the caller's session whatever junk the request carries, so logout gets a session of its
 * own each time: the shared administrator session must live through the run, or every later route would
 * answer 401 before its input is ever looked at.
 */
const bearerFor = async (route: AppRoute) =>
  route.path.endsWith("/logout") ? ctx.userToken({ role: "admin" }) : staffToken;

/** Where the write log stood once the caller's session existed, and the answer to the request. */
async function sendAndMark(route: AppRoute, opts: SendOptions) {
  const bearer = opts.who === "staff" ? await bearerFor(route) : undefined;
  const before = await writes.mark();
  const res = await send(route, opts, bearer);
  return { before, res };
}

interface SendOptions {
  params: string;
  bucket?: string;
  query: Record<string, string>;
  body?: unknown;
  raw?: string;
  type?: string;
  who: string;
}

function send(route: AppRoute, opts: SendOptions, bearer: string = staffToken) {
  const path = route.path.replace(/:(\w+)/g, (_m, name: string) =>
    name === "bucketId" && opts.bucket ? opts.bucket : encodeURIComponent(opts.params),
  );
  let req = request(ctx.app)[route.method.toLowerCase() as "get"](path).query(opts.query);
  if (opts.who !== "none") req = req.set("apikey", ctx.anonKey);
  if (opts.who === "staff") req = req.set("Authorization", `Bearer ${bearer}`);
  if (opts.who === "service") req = req.set("Authorization", `Bearer ${ctx.serviceRoleKey}`);
  if (route.method === "GET" || route.method === "DELETE") return req;
  if (opts.raw !== undefined) return req.set("Content-Type", opts.type ?? "application/json").send(opts.raw);
  // superagent only sends objects and strings itself; other JSON values go as raw JSON text.
  const raw = JSON.stringify(opts.body ?? null);
  return req.set("Content-Type", "application/json").send(raw);
}

/**
 * The run's one seed would hand every route the same draws; a seed per route and property (a principal, a
 * kind of body) makes each route meet inputs of its own, so the suite as a whole tries thousands of
 * distinct ones.
 */
const seedFor = (routeIndex: number, propertyIndex: number) =>
  Number(fc.readConfigureGlobal().seed ?? 0) + routeIndex * 16 + propertyIndex;

describe("hostile input on every contract route", () => {
  it.each(routes.map(([name, route], index) => [name, route, index] as const))(
    "%s answers 4xx in its family's shape and writes nothing",
    async (_name, route, index) => {
      // Every principal, each with draws of its own, rather than leaving which ones a route meets to chance.
      for (const [principalIndex, who] of PRINCIPALS.entries()) {
        await fc.assert(
          fc.asyncProperty(junkString, junkQuery, junkBody, bucket, async (params, query, body, b) => {
            const { before, res } = await sendAndMark(route, { params, bucket: b, query, body, who });
            expect(
              res.status,
              `${route.method} ${route.path} → ${res.status} ${(res.text ?? "").slice(0, 200)}`,
            ).toBeLessThan(500);
            if (res.status >= 400 && res.headers["content-type"]?.includes("json")) {
              expect(familyShapeOk(route.path, res.status, res.body), (res.text ?? "").slice(0, 200)).toBe(
                true,
              );
            }
            if (res.status >= 400) expect(await writes.since(before)).toEqual([]);
            expect(res.text ?? "").not.toMatch(/\n\s+at .+:\d+:\d+/);
          }),
          { numRuns: 2, seed: seedFor(index, principalIndex) },
        );
      }
    },
  );

  it.each(
    routes
      .map(([name, route], index) => [name, route, index] as const)
      .filter(([, route]) => route.method !== "GET"),
  )(
    "%s refuses malformed, deeply nested, oversized and wrongly typed bodies",
    async (_name, route, index) => {
      // Deeply nested JSON, or JSON in another UTF charset, is still valid JSON: a route that takes no
      // body (logout) rightly ignores it.
      const takesBody = isZodType((route as { body?: unknown }).body);
      const validButWrong = takesBody
        ? [
            deepJson.map((raw) => ({ raw, type: "application/json" })),
            fc.constant({ raw: '{"a":1}', type: "application/json; charset=utf-7" }),
          ]
        : [];
      const bodies = [
        ...validButWrong,
        fc.constant({ raw: '{"a":', type: "application/json" }),
        fc.constant({ raw: `{"a":"${"x".repeat(120_000)}"}`, type: "application/json" }),
        fc.constant({ raw: "a=1&b=2", type: "application/x-www-form-urlencoded" }),
        fc.constant({ raw: "<xml/>", type: "text/xml" }),
      ];
      // Every kind of bad body once, each from a caller and bucket drawn for this route.
      for (const [bodyIndex, badBody] of bodies.entries()) {
        await fc.assert(
          fc.asyncProperty(badBody, principal, bucket, async ({ raw, type }, who, b) => {
            const { before, res } = await sendAndMark(route, {
              params: "x",
              bucket: b,
              query: {},
              raw,
              type,
              who,
            });
            expect(res.status).toBeGreaterThanOrEqual(400);
            expect(res.status).toBeLessThan(500);
            expect(await writes.since(before)).toEqual([]);
          }),
          { numRuns: 1, seed: seedFor(index, bodyIndex) },
        );
      }
    },
  );
});

describe("the PKCE grant and PKCE challenges", () => {
  /** A live auth code and its verifier: junk around it must leave it exactly as usable as before. */
  async function liveCode() {
    const email = `hostile-pkce-${randomUUID()}@example.com`;
    const verifier = randomUUID() + randomUUID();
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    await request(ctx.app)
      .post("/auth/v1/otp")
      .set("apikey", ctx.anonKey)
      .send({ email, code_challenge: challenge, code_challenge_method: "s256" })
      .expect(200);
    const followed = await request(ctx.app).get(linkPath((await latestMail(ctx, email)).link));
    return { code: new URL(followed.headers.location ?? "").searchParams.get("code") ?? "", verifier };
  }

  it("grant_type=pkce answers 4xx in GoTrue's shape to junk codes and verifiers, and changes nothing", async () => {
    const live = await liveCode();
    const field = fc.oneof(junkString, fc.constant(live.code), fc.constant(live.verifier), fc.jsonValue());
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.record({ auth_code: field, code_verifier: field }, { requiredKeys: [] }),
          fc.record({ auth_code: fc.constant(live.code), code_verifier: junkString }),
          junkBody,
        ),
        principal,
        async (body, who) => {
          fc.pre(
            !(
              body &&
              typeof body === "object" &&
              "code_verifier" in body &&
              body.code_verifier === live.verifier &&
              body.auth_code === live.code
            ),
          );
          const { before, res } = await sendAndMark(tokenRoute, {
            params: "x",
            query: { grant_type: "pkce" },
            body,
            who,
          });
          expect(res.status, res.text).toBeGreaterThanOrEqual(400);
          expect(res.status, res.text).toBeLessThan(500);
          expect(familyShapeOk("/auth/v1/token", res.status, res.body), res.text).toBe(true);
          expect(await writes.since(before)).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
    const exchanged = await request(ctx.app)
      .post("/auth/v1/token?grant_type=pkce")
      .set("apikey", ctx.anonKey)
      .send({ auth_code: live.code, code_verifier: live.verifier });
    expect(exchanged.status, exchanged.text).toBe(200);
  });

  it.each(["/auth/v1/otp", "/auth/v1/signup", "/auth/v1/recover", "/auth/v1/resend"])(
    "%s refuses junk challenges with 400 and mails nothing",
    async (path) => {
      const method = fc.oneof(junkString, fc.jsonValue()).filter(
        // Any method but a valid one (or none at all, which is the implicit flow) is refused.
        (m) =>
          m !== null && m !== "" && !(typeof m === "string" && ["s256", "plain"].includes(m.toLowerCase())),
      );
      await fc.assert(
        fc.asyncProperty(fc.oneof(junkString, fc.jsonValue()), method, async (challenge, challengeMethod) => {
          const before = await writes.mark();
          const res = await request(ctx.app)
            .post(path)
            .set("apikey", ctx.anonKey)
            .send({
              email: `hostile-challenge-${randomUUID()}@example.com`,
              code_challenge: challenge,
              code_challenge_method: challengeMethod,
              ...(path.endsWith("signup") ? { password: "a long and unusual passphrase 7" } : {}),
              ...(path.endsWith("resend") ? { type: "signup" } : {}),
            });
          await ctx.work.whenIdle();
          expect(res.status, res.text).toBe(400);
          expect(familyShapeOk(path, res.status, res.body), res.text).toBe(true);
          expect(await writes.since(before)).toEqual([]);
        }),
        { numRuns: 15 },
      );
    },
  );

  it("kept the administrator's session alive, so every route's junk reached its input checks", async () => {
    const res = await request(ctx.app)
      .get("/auth/v1/user")
      .set({ apikey: ctx.anonKey, authorization: `Bearer ${staffToken}` });
    expect(res.status, res.text).toBe(200);
  });
});

describe("generated valid input", () => {
  // A session of its own: the junk above may sign its caller out (logout ignores whatever body it gets).
  let writerToken: string;
  beforeAll(async () => {
    writerToken = await ctx.userToken({ role: "admin" });
  });

  const text = (max: number) =>
    fc.string({ minLength: 1, maxLength: max }).filter((s) => s.trim().length > 0);
  const email = fc
    .emailAddress()
    .filter((e) => e.length <= 254 && contactMessageInputSchema.shape.email.safeParse(e).success);

  it("is accepted by the contact form", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ name: text(200), email, subject: text(200), message: text(2000) }),
        async (body) => {
          const res = await request(ctx.app)
            .post("/rest/v1/contact_messages")
            .set("apikey", ctx.anonKey)
            .send(body);
          expect(res.status, res.text).toBe(201);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("is accepted by the application form", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          first_name: text(100),
          last_name: text(100),
          email,
          role: text(100),
          experience: text(500),
          vision: text(500),
        }),
        async (body) => {
          expect(applicationInputSchema.safeParse(body).success).toBe(true);
          const res = await request(ctx.app)
            .post("/rest/v1/applications")
            .set("apikey", ctx.anonKey)
            .send(body);
          expect(res.status, res.text).toBe(201);
        },
      ),
      { numRuns: 30 },
    );
  });

  /** Values of a column's type that its schema accepts; a column with a declared sample uses that. */
  function arbitraryValue(column: ColumnSpec): fc.Arbitrary<unknown> {
    if (column.sample !== undefined) return fc.constant(null).map(() => sampleValue(column));
    const base = {
      uuid: fc.uuid({ version: 4 }),
      text: text(100),
      integer: fc.integer({ min: 0, max: 100_000 }),
      number: fc.double({ min: 0, max: 10, noNaN: true }).map((n) => Math.abs(n)),
      boolean: fc.boolean(),
      timestamp: fc
        .date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true })
        .map((d) => d.toISOString()),
      date: fc
        .date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
      "text[]": fc.array(text(30), { maxLength: 5 }),
      json: fc.constantFrom({}, []),
    }[column.type];
    return base.filter((v) => column.schema.safeParse(v).success);
  }

  /**
   * A JSON column whose schema takes neither {} nor [] (a royalty source's mapping) has no generated
   * value: a nullable one is sent null, where filtering would search for a passing value for ever.
   */
  const noGeneratedValue = (column: ColumnSpec) =>
    column.type === "json" &&
    column.sample === undefined &&
    ![{}, []].some((v) => column.schema.safeParse(v).success);

  async function arbitraryRow(table: TableDefinition) {
    const fields: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [name, column] of Object.entries(table.columns)) {
      if (column.references && !column.nullable) {
        fields[name] = fc.constantFrom(...(await parentIds(ctx.db, table, name)));
        continue;
      }
      if (column.readOnly || name === table.primaryKey || column.type === "uuid" || column.objectIn) continue;
      if (column.nullable && noGeneratedValue(column)) fields[name] = fc.constant(null);
      else
        fields[name] = column.nullable
          ? fc.option(arbitraryValue(column), { nil: null })
          : arbitraryValue(column);
    }
    // A join table holds a pair of parents once: a generated row never repeats a seeded pair.
    const taken = await takenParents(ctx.db, table);
    const parents = parentColumns(table);
    return fc.record(fields).filter((row) => !taken.has(parentKey(parents, row)));
  }

  const writable = Object.values(tables).filter((t) => isAllowed(t, "staff", "insert"));
  it.each(writable.map((t) => [t.name, t] as const))(
    "is inserted into %s by staff and reads back as written",
    async (name, table) => {
      await fc.assert(
        fc.asyncProperty(await arbitraryRow(table), async (row) => {
          expect(table.insert.safeParse(row).success).toBe(true);
          const res = await request(ctx.app)
            .post(`/rest/v1/${name}`)
            .set("apikey", ctx.anonKey)
            .set("Authorization", `Bearer ${writerToken}`)
            .set("Prefer", "return=representation")
            .send(row);
          expect(res.status, res.text).toBe(201);
          // A derived column (an event's past) reads as the server computes it, in the row's schema.
          const derived = Object.keys(tableHooks[name]?.derivedColumns ?? {});
          const written = Object.fromEntries(
            Object.entries(row).filter(([column]) => !derived.includes(column)),
          );
          expect(res.body[0]).toMatchObject(written);
          expect(table.row.safeParse(res.body[0]).success).toBe(true);
          const id = res.body[0][table.primaryKey];
          const removed = await request(ctx.app)
            .delete(`/rest/v1/${name}?${table.primaryKey}=eq.${id}`)
            .set("apikey", ctx.anonKey)
            .set("Authorization", `Bearer ${writerToken}`);
          expect(removed.status).toBe(204);
        }),
        { numRuns: 20 },
      );
    },
  );
});
