import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { SupabaseClient } from "@supabase/supabase-js";
import { sql } from "kysely";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { type Doc, legalClient } from "./legal-support";
import { compatItemsTable, createCompatTable } from "./support/compat-table";
import { stockClient } from "./support/stock-supabase";

/**
 * Writes as PostgREST makes them, on this run's engine: a refused outcome (not one object, more than
 * max-affected) is rolled back, limit/offset bound a PATCH or DELETE, an upsert that meets a row is an
 * update with every rule of one, read-only columns are never written, and a counted read past the end
 * is a 416.
 */

let ctx: TestContext;
let server: Server;
let staffToken: string;
let supabase: SupabaseClient;
let legal: ReturnType<typeof legalClient>;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { RATE_LIMITS: "false" },
    tables: { compat_items: compatItemsTable },
  });
  await createCompatTable(ctx.db);
  server = ctx.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  staffToken = await ctx.userToken({ role: "staff" });
  supabase = stockClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, ctx.anonKey, {
    bearer: staffToken,
  });
  legal = legalClient(ctx, () => staffToken);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await ctx.close();
});

const api = (method: "get" | "post" | "patch" | "delete", path: string) =>
  request(ctx.app)[method](path).set("apikey", ctx.anonKey).set("Authorization", `Bearer ${staffToken}`);
const OBJECT = { Accept: "application/vnd.pgrst.object+json" };

/** Items named `<prefix> 1` … `<prefix> n`, each scored by its number. */
async function items(prefix: string, n: number) {
  const rows = Array.from({ length: n }, (_, i) => ({ name: `${prefix} ${i + 1}`, score: i + 1 }));
  const res = await api("post", "/rest/v1/compat_items").send(rows);
  expect(res.status, res.text).toBe(201);
}

/** The stored rows of a prefix, exactly as the database holds them, in name order. */
const stored = async (prefix: string) =>
  (
    await sql<
      Record<string, unknown>
    >`select * from compat_items where name like ${`${prefix}%`} order by name`.execute(ctx.db)
  ).rows;

const singular = (count: number) => ({
  code: "PGRST116",
  message: "Cannot coerce the result to a single JSON object",
  details: `The result contains ${count} rows`,
  hint: null,
});

describe("a write that asks for one object (406) changes nothing", () => {
  it("rolls back a supabase-js delete().select().single() that matched three rows", async () => {
    await items("SB", 3);
    const before = await stored("SB");
    const { error, status } = await supabase
      .from("compat_items")
      .delete()
      .like("name", "SB*")
      .select()
      .single();
    expect(status).toBe(406);
    expect(error).toMatchObject(singular(3));
    expect(await stored("SB")).toEqual(before);
  });

  it("checks the count with return=minimal too: PATCH and DELETE of several or none, POST of two", async () => {
    await items("MIN", 2);
    const before = await stored("MIN");
    const patch = await api("patch", "/rest/v1/compat_items?name=like.MIN*").set(OBJECT).send({ score: 50 });
    expect(patch.status).toBe(406);
    expect(patch.body).toEqual(singular(2));
    const remove = await api("delete", "/rest/v1/compat_items?name=like.MIN*").set(OBJECT);
    expect(remove.status).toBe(406);
    // The media type without its +json suffix asks for one object too.
    const bare = await api("delete", "/rest/v1/compat_items?name=like.MIN*").set(
      "Accept",
      "application/vnd.pgrst.object",
    );
    expect(bare.status).toBe(406);
    const none = await api("patch", "/rest/v1/compat_items?name=eq.nobody").set(OBJECT).send({ score: 1 });
    expect(none.status).toBe(406);
    expect(none.body).toEqual(singular(0));
    expect(await stored("MIN")).toEqual(before);

    const insert = await api("post", "/rest/v1/compat_items")
      .set(OBJECT)
      .send([
        { name: "NEW 1", score: 1 },
        { name: "NEW 2", score: 2 },
      ]);
    expect(insert.status).toBe(406);
    expect(insert.body).toEqual(singular(2));
    expect(await stored("NEW")).toEqual([]);
  });

  it("writes exactly one row: answered as an object, or 204 with return=minimal", async () => {
    await items("ONE", 2);
    const patch = await api("patch", "/rest/v1/compat_items?name=eq.ONE 1").set(OBJECT).send({ score: 11 });
    expect(patch.status).toBe(204);
    const { data, error } = await supabase
      .from("compat_items")
      .update({ score: 12 })
      .eq("name", "ONE 2")
      .select("name, score")
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: "ONE 2", score: 12 });
    expect((await stored("ONE")).map((r) => r.score)).toEqual([11, 12]);
  });
});

describe("limit and offset bound a PATCH or DELETE", () => {
  it("changes only the first rows in the order asked", async () => {
    await items("LIM", 4);
    const res = await api("patch", "/rest/v1/compat_items?name=like.LIM*&order=score.desc&limit=2")
      .set("Prefer", "return=representation")
      .send({ category: "limited" });
    expect(res.status, res.text).toBe(200);
    expect(res.body.map((r: { name: string }) => r.name)).toEqual(["LIM 4", "LIM 3"]);
    expect((await stored("LIM")).map((r) => r.category)).toEqual([null, null, "limited", "limited"]);
  });

  it("deletes only the slice limit and offset name", async () => {
    await items("OFF", 4);
    const res = await api("delete", "/rest/v1/compat_items?name=like.OFF*&order=name.asc&limit=2&offset=1");
    expect(res.status).toBe(204);
    expect((await stored("OFF")).map((r) => r.name)).toEqual(["OFF 1", "OFF 4"]);
  });

  it("refuses a limit without an explicit order (400 PGRST109) and changes nothing", async () => {
    await items("NOORD", 2);
    const before = await stored("NOORD");
    const res = await api("patch", "/rest/v1/compat_items?name=like.NOORD*&limit=1").send({ score: 0 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: "PGRST109",
      message: "A 'limit' was applied without an explicit 'order'",
      details: null,
      hint: "Apply an 'order' using unique column(s)",
    });
    const remove = await api("delete", "/rest/v1/compat_items?name=like.NOORD*&offset=1");
    expect(remove.status).toBe(400);
    expect(await stored("NOORD")).toEqual(before);
  });
});

describe("Prefer: handling=strict and max-affected", () => {
  it("refuses supabase-js's maxAffected when more rows match (400 PGRST124) and changes nothing", async () => {
    await items("MAX", 3);
    const before = await stored("MAX");
    // biome-ignore lint/suspicious/noExplicitAny: maxAffected is typed for PostgREST 13 clients only
    const update = supabase.from("compat_items").update({ score: 99 }).like("name", "MAX*") as any;
    const { error, status } = await update.maxAffected(2);
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: "PGRST124",
      message: "Query result exceeds max-affected preference constraint",
      details: "The query affects 3 rows",
    });
    const remove = await api("delete", "/rest/v1/compat_items?name=like.MAX*").set(
      "Prefer",
      "handling=strict, max-affected=1",
    );
    expect(remove.status).toBe(400);
    expect(await stored("MAX")).toEqual(before);

    // biome-ignore lint/suspicious/noExplicitAny: as above
    const within = supabase.from("compat_items").update({ score: 98 }).like("name", "MAX*") as any;
    expect((await within.maxAffected(3)).status).toBe(204);
    const lenient = await api("patch", "/rest/v1/compat_items?name=like.MAX*")
      .set("Prefer", "handling=lenient, max-affected=1")
      .send({ score: 97 });
    expect(lenient.status).toBe(204);
    expect((await stored("MAX")).map((r) => r.score)).toEqual([97, 97, 97]);
  });

  it("answers an unknown preference under handling=strict with 400 PGRST122, writing nothing", async () => {
    await items("STRICT", 1);
    const before = await stored("STRICT");
    const patch = await api("patch", "/rest/v1/compat_items?name=like.STRICT*")
      .set("Prefer", "handling=strict, anything, return=representation")
      .send({ score: 5 });
    expect(patch.status).toBe(400);
    expect(patch.body).toEqual({
      code: "PGRST122",
      message: "Invalid preferences given with handling=strict",
      details: "Invalid preferences: anything",
      hint: null,
    });
    const read = await api("get", "/rest/v1/compat_items").set("Prefer", "handling=strict, count=guess");
    expect(read.status).toBe(400);
    expect(read.body.details).toBe("Invalid preferences: count=guess");
    const lenient = await api("get", "/rest/v1/compat_items?name=like.STRICT*").set("Prefer", "anything");
    expect(lenient.status).toBe(200);
    expect(await stored("STRICT")).toEqual(before);
  });
});

describe("a counted read past the end", () => {
  it("answers 416 PGRST103 with PostgREST's details when the offset is beyond the total", async () => {
    await items("PAST", 3);
    const res = await api("get", "/rest/v1/compat_items?name=like.PAST*&offset=4").set(
      "Prefer",
      "count=exact",
    );
    expect(res.status).toBe(416);
    expect(res.headers["content-range"]).toBe("*/3");
    expect(res.body).toEqual({
      code: "PGRST103",
      message: "Requested range not satisfiable",
      details: "An offset of 4 was requested, but there are only 3 rows.",
      hint: null,
    });
    const byRange = await api("get", "/rest/v1/compat_items?name=like.PAST*")
      .set({ Prefer: "count=exact", Range: "10-19" })
      .expect(416);
    expect(byRange.body.details).toBe("An offset of 10 was requested, but there are only 3 rows.");
    const none = await api("get", "/rest/v1/compat_items?name=eq.nobody&offset=1").set(
      "Prefer",
      "count=exact",
    );
    expect(none.status).toBe(416);
    expect(none.body.details).toBe("An offset of 1 was requested, but there are only 0 rows.");
  });

  it("answers an offset at the total as an empty partial page, and any offset without a count as 200", async () => {
    const atEnd = await api("get", "/rest/v1/compat_items?name=like.PAST*&offset=3").set(
      "Prefer",
      "count=exact",
    );
    expect(atEnd.status).toBe(206);
    expect(atEnd.headers["content-range"]).toBe("*/3");
    expect(atEnd.body).toEqual([]);
    const uncounted = await api("get", "/rest/v1/compat_items?name=like.PAST*&offset=40");
    expect(uncounted.status).toBe(200);
    expect(uncounted.body).toEqual([]);
  });
});

describe("an upsert that meets an existing row is an update", () => {
  const rawDocument = async (id: string) =>
    (await sql<Record<string, unknown>>`select * from legal_documents where id = ${id}`.execute(ctx.db))
      .rows[0];
  const upsert = (rows: object, resolution = "merge-duplicates") =>
    api("post", "/rest/v1/legal_documents")
      .set("Prefer", `resolution=${resolution}, return=representation`)
      .send(rows);
  const rewrite = (doc: Doc) => ({
    id: doc.id,
    title: "Rewritten",
    template_id: doc.template_id,
    parties: [{ name: "Mallory", email: "mallory@example.se", role: "signer" }],
  });

  it("refuses to rewrite a fully signed document, by every upsert form, and it stays undeletable", async () => {
    const doc = await legal.ndaDraft(["signed-upsert@example.se"]);
    await ctx.db
      .updateTable("legal_documents")
      .set({ status: "fully_signed" })
      .where("id", "=", doc.id)
      .execute();
    const before = await rawDocument(doc.id);
    const merge = await upsert(rewrite(doc));
    expect(merge.status).toBe(409);
    expect(merge.body.message).toContain("Only drafts may be edited");
    const bulk = await upsert([rewrite(doc), { title: "Bystander", template_id: doc.template_id }]);
    expect(bulk.status).toBe(409);
    const ignored = await upsert(rewrite(doc), "ignore-duplicates");
    expect(ignored.status).toBe(201);
    expect(ignored.body).toEqual([]);
    expect((await api("delete", `/rest/v1/legal_documents?id=eq.${doc.id}`)).status).toBe(409);
    expect(await rawDocument(doc.id)).toEqual(before);
    const bystanders = await api("get", "/rest/v1/legal_documents?title=eq.Bystander");
    expect(bystanders.body).toEqual([]);
  });

  it("updates a draft as a PATCH would: the audit trail says updated, the creation stays", async () => {
    const doc = await legal.ndaDraft(["draft-upsert@example.se"]);
    const res = await upsert(rewrite(doc));
    expect(res.status, res.text).toBe(201);
    const after = res.body[0] as Doc;
    expect(after).toMatchObject({ id: doc.id, title: "Rewritten", status: "draft", owner_id: doc.owner_id });
    expect(after.audit.map((e) => e.action)).toEqual([...doc.audit.map((e) => e.action), "updated"]);
    expect(after.audit.at(-1)?.detail).toEqual({ fields: ["title", "template_id", "parties"] });
    expect(after.created_at).toBe(doc.created_at);
  });

  it("puts a merge on the timeline as a PATCH does (a deal's move of stage)", async () => {
    const created = await api("post", "/rest/v1/crm_deals")
      .set("Prefer", "return=representation")
      .send({ title: "Upsert deal", stage: "prospect" });
    expect(created.status, created.text).toBe(201);
    const deal = created.body[0];
    const res = await api("post", "/rest/v1/crm_deals")
      .set("Prefer", "resolution=merge-duplicates")
      .send({ id: deal.id, title: deal.title, stage: "won" });
    expect(res.status, res.text).toBe(201);
    const timeline = await ctx.db
      .selectFrom("crm_activity")
      .select(["action", "changes"])
      .where("record_id", "=", deal.id)
      .orderBy("created_at")
      .execute();
    expect(timeline.map((t) => t.action)).toEqual(["created", "moved"]);
    const changes = timeline[1]?.changes;
    expect(typeof changes === "string" ? JSON.parse(changes) : changes).toMatchObject({
      stage: { from: "prospect", to: "won" },
    });
  });

  it("lets upserts racing on one new key all succeed, as ON CONFLICT DO UPDATE does: one row, no 409", async () => {
    const racers = Array.from({ length: 8 }, (_, i) => i + 1);
    const answers = await Promise.all(
      racers.map((score) =>
        api("post", "/rest/v1/compat_items?on_conflict=name")
          .set("Prefer", "resolution=merge-duplicates, return=representation")
          .send({ name: "RACE 1", score }),
      ),
    );
    for (const res of answers) expect(res.status, res.text).toBe(201);
    const rows = await stored("RACE");
    expect(rows).toHaveLength(1);
    // Every racer wrote, one after another, to the one row: it holds one of their scores and one id.
    expect(racers).toContain(Number(rows[0]?.score));
    expect(new Set(answers.map((res) => res.body[0]?.id))).toEqual(new Set([rows[0]?.id]));
  });

  it("treats on_conflict without Prefer: resolution as a plain insert (409 23505)", async () => {
    await items("CONFLICT", 1);
    const before = await stored("CONFLICT");
    const res = await api("post", "/rest/v1/compat_items?on_conflict=name").send({
      name: "CONFLICT 1",
      score: 9,
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("23505");
    expect(await stored("CONFLICT")).toEqual(before);
  });

  it("never writes the status, which only RPCs move: 403 42501 for insert, PATCH and upsert alike", async () => {
    const doc = await legal.ndaDraft(["status-write@example.se"]);
    const before = await rawDocument(doc.id);
    const attempts = [
      () =>
        api("post", "/rest/v1/legal_documents").send({
          title: "S",
          template_id: doc.template_id,
          status: "draft",
        }),
      () => api("patch", `/rest/v1/legal_documents?id=eq.${doc.id}`).send({ status: "fully_signed" }),
      () => upsert({ ...rewrite(doc), status: "draft" }),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        code: "42501",
        message: "permission denied for table legal_documents",
        details: "The column status is not writable through the data API",
      });
    }
    expect(await rawDocument(doc.id)).toEqual(before);
    expect((await api("get", "/rest/v1/legal_documents?title=eq.S")).body).toEqual([]);
  });
});
