import { sql } from "kysely";
import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mails } from "./auth/support";
import { createTestContext, type TestContext } from "./helpers";

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext({ seed: false });
});
afterEach(() => ctx.close());

const post = (table: string, body: object, ip = "203.0.113.7") =>
  request(ctx.app).post(`/rest/v1/${table}`).set("apikey", ctx.anonKey).set("X-Forwarded-For", ip).send(body);
const staffGet = async (path: string) =>
  request(ctx.app)
    .get(path)
    .set("apikey", ctx.anonKey)
    .set("Authorization", `Bearer ${await ctx.userToken()}`);
const count = async (table: "contact_messages" | "newsletter_pending" | "mail_outbox") =>
  Number((await ctx.db.selectFrom(table).select(sql<number>`count(*)`.as("n")).executeTakeFirst())?.n);

const contact = {
  name: "Ada Berg",
  email: "ada@example.com",
  subject: "Studio time",
  message: "Hej! Do you rent the studio?",
};
const application = {
  first_name: "Omar",
  last_name: "Lind",
  email: "omar@example.com",
  role: "Music Producers",
  portfolio: "https://omar.example.com",
  experience: "Ten years producing pop and R&B.",
  vision: "I want to build songs with writers who care about craft.",
};

describe("public form submissions", () => {
  it("stores a contact message and lets staff read it, newest first", async () => {
    expect((await post("contact_messages", contact)).status).toBe(201);
    expect((await post("contact_messages", { ...contact, subject: "Second" })).status).toBe(201);
    const res = await staffGet("/rest/v1/contact_messages");
    expect(res.status).toBe(200);
    expect(res.body.map((m: { subject: string }) => m.subject)).toEqual(["Second", "Studio time"]);
    expect(res.body[0]).not.toHaveProperty("ip_hash");
    expect(res.body[0].handled_at).toBeNull();
  });

  it("stores an application with an optional portfolio", async () => {
    expect((await post("applications", application)).status).toBe(201);
    expect((await post("applications", { ...application, portfolio: "" })).status).toBe(201);
    const res = await staffGet("/rest/v1/applications?order=created_at.asc");
    expect(res.body.map((a: { portfolio: string | null }) => a.portfolio)).toEqual([
      "https://omar.example.com",
      null,
    ]);
  });

  it.each([
    ["a missing field", { ...contact, message: undefined }],
    ["a bad email", { ...contact, email: "not-an-email" }],
    ["a blank name", { ...contact, name: "   " }],
    ["an over-long message", { ...contact, message: "x".repeat(5001) }],
    ["an unknown field", { ...contact, admin: true }],
    ["a wrong type", { ...contact, name: 42 }],
  ])("refuses %s with 400 and stores nothing", async (_name, body) => {
    const res = await post("contact_messages", body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "PGRST102", message: expect.any(String) });
    expect(await count("contact_messages")).toBe(0);
  });

  it("rejects a filled honeypot and stores nothing", async () => {
    const res = await post("contact_messages", { ...contact, website_url: "http://spam.example" });
    expect(res.status).toBe(400);
    expect(await count("contact_messages")).toBe(0);
  });

  it("limits submissions per IP with 429 and Retry-After", async () => {
    const ctx2 = await createTestContext({ seed: false, env: { TRUST_PROXY: "1" } });
    try {
      const send = (ip: string) =>
        request(ctx2.app)
          .post("/rest/v1/contact_messages")
          .set("apikey", ctx2.anonKey)
          .set("X-Forwarded-For", ip)
          .send(contact);
      for (let i = 0; i < 10; i++) expect((await send("198.51.100.1")).status).toBe(201);
      const limited = await send("198.51.100.1");
      expect(limited.status).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect((await send("198.51.100.2")).status).toBe(201);
    } finally {
      ctx2.close();
    }
  });

  it("lets staff mark a message handled and back", async () => {
    await post("contact_messages", contact);
    const [row] = (await staffGet("/rest/v1/contact_messages")).body;
    const token = await ctx.userToken();
    const patch = (handled: boolean) =>
      request(ctx.app)
        .patch(`/rest/v1/contact_messages?id=eq.${row.id}`)
        .set("apikey", ctx.anonKey)
        .set("Authorization", `Bearer ${token}`)
        .send({ handled });
    const done = await patch(true);
    expect(done.status).toBe(200);
    expect(done.body[0].handled_at).toEqual(expect.any(String));
    expect((await patch(false)).body[0].handled_at).toBeNull();
  });

  it("keeps the inbox from anonymous callers and users without the role", async () => {
    await post("contact_messages", contact);
    const anon = await request(ctx.app).get("/rest/v1/contact_messages").set("apikey", ctx.anonKey);
    expect(anon.status).toBe(401);
    const noRole = await request(ctx.app)
      .get("/rest/v1/contact_messages")
      .set("apikey", ctx.anonKey)
      .set("Authorization", `Bearer ${await ctx.userToken({ role: null })}`);
    expect(noRole.status).toBe(403);
    const patch = await request(ctx.app)
      .patch("/rest/v1/contact_messages?id=eq.00000000-0000-4000-8000-000000000000")
      .set("apikey", ctx.anonKey)
      .send({ handled: true });
    expect(patch.status).toBe(401);
  });
});

describe("newsletter double opt-in", () => {
  const subscribe = (body: object) => post("newsletter_subscriptions", body);
  const subscriptions = async () => (await staffGet("/rest/v1/newsletter_subscriptions")).body;
  /** The mailed link opens the contact page, which asks to confirm; the token is in the fragment. */
  async function mailedToken(email: string) {
    const [mail] = await mails(ctx, email);
    expect(mail?.kind).toBe("newsletter_confirmation");
    const url = new URL(mail?.link ?? "");
    expect(`${url.origin}${url.pathname}${url.search}`).toBe(
      `${ctx.config.SITE_URL}/contact?newsletter=confirm`,
    );
    const token = new URLSearchParams(url.hash.slice(1)).get("token");
    expect(token).toMatch(/^[\w-]{32,}$/);
    return token as string;
  }
  /** What the page's Confirm button sends. */
  const confirm = async (token: string) => {
    const res = await request(ctx.app)
      .post("/api/newsletter/confirm")
      .set("apikey", ctx.anonKey)
      .send({ token });
    expect(res.status).toBe(200);
    return res.body.outcome as string;
  };
  const follow = (path: string) => request(ctx.app).get(path).redirects(0);

  it("a subscription appears only once the visitor confirms on the page", async () => {
    const res = await subscribe({ email: "Fan@Example.com", interest_events: true });
    expect(res.status).toBe(201);
    expect(res.body).toEqual([{ received: true }]);
    const token = await mailedToken("fan@example.com");
    expect(await subscriptions()).toEqual([]);
    expect(await confirm(token)).toBe("confirmed");
    expect(await subscriptions()).toEqual([
      expect.objectContaining({ email: "fan@example.com", interest_events: true, interest_releases: false }),
    ]);
  });

  it("following a link by GET, as a mail scanner does, confirms nothing", async () => {
    await subscribe({ email: "fan@example.com", interest_events: true });
    const token = await mailedToken("fan@example.com");
    // A link from an older mail pointed at the API: it now only forwards to the page that asks.
    const old = await follow(`/api/newsletter/confirm?token=${token}`);
    expect(old.status).toBe(303);
    expect(old.headers.location).toBe(`${ctx.config.SITE_URL}/contact?newsletter=confirm#token=${token}`);
    expect((await follow("/api/newsletter/confirm")).headers.location).toBe(
      `${ctx.config.SITE_URL}/contact?newsletter=invalid`,
    );
    expect(await subscriptions()).toEqual([]);
    expect(await confirm(token)).toBe("confirmed");
  });

  it("a request for an existing subscriber answers the same and changes nothing until confirmed", async () => {
    const first = await subscribe({ email: "fan@example.com", interest_events: true });
    await confirm(await mailedToken("fan@example.com"));
    const [before] = await subscriptions();
    ctx.clock.advance(61);
    const again = await subscribe({ email: "fan@example.com", interest_releases: true });
    const stranger = await subscribe({ email: "stranger@example.com", interest_releases: true });
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(stranger.body).toEqual(first.body);
    const token = await mailedToken("fan@example.com");
    expect(await subscriptions()).toEqual([before]);
    expect(await confirm(token)).toBe("confirmed");
    expect(await subscriptions()).toEqual([
      expect.objectContaining({ email: "fan@example.com", interest_releases: true, interest_events: false }),
    ]);
  });

  it("a token works once and expires; a made-up one is invalid; a malformed body is a 400", async () => {
    await subscribe({ email: "fan@example.com", interest_events: true });
    const token = await mailedToken("fan@example.com");
    expect(await confirm(token)).toBe("confirmed");
    expect(await confirm(token)).toBe("invalid");
    expect(await confirm("made-up")).toBe("invalid");
    for (const body of [
      {},
      { token: "" },
      { token: "x".repeat(257) },
      { token: 7 },
      { token: "t", extra: 1 },
    ]) {
      const res = await request(ctx.app)
        .post("/api/newsletter/confirm")
        .set("apikey", ctx.anonKey)
        .send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    const keyless = await request(ctx.app).post("/api/newsletter/confirm").send({ token });
    expect(keyless.status).toBe(401);

    ctx.clock.advance(61);
    await subscribe({ email: "fan@example.com", interest_platform: true });
    const late = await mailedToken("fan@example.com");
    ctx.clock.advance(48 * 3600 + 1);
    expect(await confirm(late)).toBe("invalid");
    expect(await subscriptions()).toEqual([expect.objectContaining({ interest_platform: false })]);
  });

  it("one confirmation mail per address per minute, whether or not it is subscribed", async () => {
    await subscribe({ email: "fan@example.com" });
    await confirm(await mailedToken("fan@example.com"));
    ctx.clock.advance(61);
    for (const email of ["fan@example.com", "new@example.com"]) {
      expect((await subscribe({ email })).status).toBe(201);
      const again = await subscribe({ email });
      expect(again.status).toBe(429);
      expect(again.body.code).toBe("PGRST429");
      expect(Number(again.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect(await mails(ctx, "new@example.com")).toHaveLength(1);
  });

  it("answers before the request is stored or mailed", async () => {
    let release: () => void = () => undefined;
    ctx.work.enqueue("held by the test", () => new Promise<void>((resolve) => (release = resolve)));
    expect((await subscribe({ email: "fan@example.com" })).status).toBe(201);
    expect(await count("newsletter_pending")).toBe(0);
    expect(await count("mail_outbox")).toBe(0);
    release();
    expect(await mails(ctx, "fan@example.com")).toHaveLength(1);
    expect(await count("newsletter_pending")).toBe(1);
  });
});
