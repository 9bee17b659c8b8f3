import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext({ seed: false });
});
afterEach(() => ctx.close());

const post = (table: string, body: object, ip = "203.0.113.7") =>
  request(ctx.app).post(`/rest/v1/${table}`).set("apikey", ctx.anonKey).set("X-Forwarded-For", ip).send(body);
const staffGet = (path: string) =>
  request(ctx.app).get(path).set("apikey", ctx.anonKey).set("Authorization", `Bearer ${ctx.userToken()}`);
const count = (table: string) =>
  (ctx.db.sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

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

  it("keeps one newsletter row per address and answers the same either way", async () => {
    const first = await post("newsletter_subscriptions", { email: "Fan@Example.com", interest_events: true });
    const again = await post("newsletter_subscriptions", {
      email: "fan@example.com",
      interest_releases: true,
    });
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const res = await staffGet("/rest/v1/newsletter_subscriptions");
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({
      email: "fan@example.com",
      interest_releases: true,
      interest_events: false,
    });
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
    expect(count("contact_messages")).toBe(0);
  });

  it("rejects a filled honeypot and stores nothing", async () => {
    const res = await post("contact_messages", { ...contact, website_url: "http://spam.example" });
    expect(res.status).toBe(400);
    expect(count("contact_messages")).toBe(0);
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
    const patch = (handled: boolean) =>
      request(ctx.app)
        .patch(`/rest/v1/contact_messages?id=eq.${row.id}`)
        .set("apikey", ctx.anonKey)
        .set("Authorization", `Bearer ${ctx.userToken()}`)
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
      .set("Authorization", `Bearer ${ctx.userToken({ role: null })}`);
    expect(noRole.status).toBe(403);
    const patch = await request(ctx.app)
      .patch("/rest/v1/contact_messages?id=eq.00000000-0000-4000-8000-000000000000")
      .set("apikey", ctx.anonKey)
      .send({ handled: true });
    expect(patch.status).toBe(401);
  });
});
