import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateTo, migrateToLatest, migrationNames } from "../src/db/migrate";
import { createTestContext, type TestContext } from "./helpers";

/** A new event is a draft: staff see it, nobody else reads it by any path until it is published. */

let ctx: TestContext;
let staff: string;
let roleless: string;
let draft: { id: string; title: string; updated_at: string };
const TITLE = "Secret Warehouse Rave";

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  staff = await ctx.userToken({ role: "staff" });
  roleless = await ctx.userToken({ role: null });
  const res = await api("post", "/rest/v1/events", staff)
    .set("Prefer", "return=representation")
    .send({ title: TITLE, event_date: "2031-02-01T20:00:00.000Z", location: "Somewhere" });
  expect(res.status, res.text).toBe(201);
  draft = res.body[0];
});
afterAll(() => ctx.close());

type Method = "get" | "head" | "post" | "patch" | "delete";
function api(method: Method, path: string, token: string | null) {
  const req = request(ctx.app)[method](path).set("apikey", ctx.anonKey);
  return token ? req.set("Authorization", `Bearer ${token}`) : req;
}

/** The count a read answers in Content-Range (`0-4/5` or `*​/0`). */
const totalOf = (res: request.Response) => Number(String(res.headers["content-range"]).split("/")[1]);

describe("a draft event", () => {
  it("is saved as a draft when publication is not asked for", async () => {
    const res = await api("get", `/rest/v1/events?id=eq.${draft.id}&select=title,published`, staff);
    expect(res.body).toEqual([{ title: TITLE, published: false }]);
  });

  it.each([
    ["the whole list", "select=id,title"],
    ["its id", `id=eq.${"{id}"}`],
    ["its title", `title=eq.${encodeURIComponent(TITLE)}`],
    ["a search", "title=ilike.*warehouse*"],
    ["published=eq.false", "published=eq.false"],
    ["published=is.false", "published=is.false"],
    ["an or filter", `or=(published.eq.false,location.eq.Somewhere)`],
    ["order by publication", "order=published.asc&limit=1"],
  ])("is not read by anyone but staff through %s", async (_name, query) => {
    const path = `/rest/v1/events?${query.replace("{id}", draft.id)}`;
    for (const token of [null, roleless]) {
      const res = await api("get", path, token);
      expect(res.status).toBe(200);
      expect(res.body.map((e: { id: string }) => e.id)).not.toContain(draft.id);
      expect(JSON.stringify(res.body)).not.toContain(TITLE);
    }
    const staffRead = await api(
      "get",
      `/rest/v1/events?${query.replace("{id}", draft.id)}&limit=1000`,
      staff,
    );
    if (!query.startsWith("order="))
      expect(staffRead.body.map((e: { id: string }) => e.id)).toContain(draft.id);
  });

  it("counts for nobody but staff, with every count mode and a HEAD request", async () => {
    for (const count of ["exact", "planned", "estimated"]) {
      const prefer = `count=${count}`;
      const anon = await api("get", "/rest/v1/events?published=eq.false&limit=1", null).set("Prefer", prefer);
      expect([200, 206]).toContain(anon.status);
      expect(totalOf(anon)).toBe(0);
      const mine = await api("get", "/rest/v1/events?published=eq.false&limit=1", staff).set(
        "Prefer",
        prefer,
      );
      expect(totalOf(mine)).toBeGreaterThanOrEqual(1);
    }
    const all = async (token: string | null) =>
      totalOf(await api("head", "/rest/v1/events", token).set("Prefer", "count=exact"));
    expect(await all(staff)).toBe((await all(null)) + 1);
    expect(await all(roleless)).toBe(await all(null));
  });

  it("is no single object to anyone but staff", async () => {
    const object = (token: string | null) =>
      api("get", `/rest/v1/events?id=eq.${draft.id}`, token).set(
        "Accept",
        "application/vnd.pgrst.object+json",
      );
    const anon = await object(null);
    expect(anon.status).toBe(406);
    expect(anon.body.code).toBe("PGRST116");
    expect((await object(staff)).body).toMatchObject({ id: draft.id, published: false });
  });

  it("cannot be changed by the anonymous key or a signed-in non-staff user", async () => {
    expect(
      (await api("patch", `/rest/v1/events?id=eq.${draft.id}`, null).send({ published: true })).status,
    ).toBe(401);
    expect(
      (await api("patch", `/rest/v1/events?id=eq.${draft.id}`, roleless).send({ published: true })).status,
    ).toBe(403);
    const res = await api("get", `/rest/v1/events?id=eq.${draft.id}&select=published`, staff);
    expect(res.body).toEqual([{ published: false }]);
  });

  it("is answered to each caller as their own, even for the same request read a moment before by staff", async () => {
    const path = `/rest/v1/events?select=id&title=eq.${encodeURIComponent(TITLE)}`;
    expect((await api("get", path, staff)).body).toEqual([{ id: draft.id }]);
    expect((await api("get", path, null)).body).toEqual([]);
    expect((await api("get", path, roleless)).body).toEqual([]);
  });

  it("becomes public when staff publish it, and private again when they unpublish it", async () => {
    const anonIds = async () =>
      (await api("get", "/rest/v1/events?select=id", null)).body.map((e: { id: string }) => e.id);
    const publish = await api("patch", `/rest/v1/events?id=eq.${draft.id}`, staff)
      .set("Prefer", "return=representation")
      .send({ published: true });
    expect(publish.status).toBe(200);
    expect(publish.body[0]).toMatchObject({ published: true });
    expect(await anonIds()).toContain(draft.id);

    const unpublish = await api("patch", `/rest/v1/events?id=eq.${draft.id}`, staff).send({
      published: false,
    });
    expect(unpublish.status).toBe(204);
    expect(await anonIds()).not.toContain(draft.id);
  });

  it("refuses a publication flag that is not a boolean, and changes nothing", async () => {
    const res = await api("patch", `/rest/v1/events?id=eq.${draft.id}`, staff).send({ published: "yes" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "22P02" });
    const after = await api("get", `/rest/v1/events?id=eq.${draft.id}&select=published`, staff);
    expect(after.body).toEqual([{ published: false }]);
  });
});

describe("the events that were there before drafts", () => {
  it("are published by the migration that brings drafts, so the public site keeps them", async () => {
    const names = migrationNames();
    const drafts = names.findIndex((name) => name.endsWith("_add_event_publication"));
    expect(drafts).toBeGreaterThan(0);
    const before = names[drafts - 1] as string;
    await migrateTo(ctx.db, before);
    const id = randomUUID();
    await sql`insert into events (id, title, status) values (${id}, 'Listed before drafts', 'upcoming')`.execute(
      ctx.db,
    );
    await migrateToLatest(ctx.db);
    const anon = await api("get", `/rest/v1/events?id=eq.${id}&select=title,published`, null);
    expect(anon.body).toEqual([{ title: "Listed before drafts", published: true }]);
    // New rows still start as drafts after the migration.
    const fresh = await api("post", "/rest/v1/events", staff)
      .set("Prefer", "return=representation")
      .send({ title: "After the migration" });
    expect(fresh.body[0]).toMatchObject({ published: false });
  });
});
