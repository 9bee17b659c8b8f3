import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { openOtherConnection } from "./support/test-database";

/** Staff manage the public events through /rest/v1/events; "past" follows from the date on every read. */

let ctx: TestContext;
let staff: string;
let roleless: string;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  staff = await ctx.userToken({ role: "staff" });
  roleless = await ctx.userToken({ role: null });
});
afterAll(() => ctx.close());

type EventRow = { id: string; title: string; status: string; event_date: string | null; updated_at: string };
type Method = "get" | "post" | "patch" | "delete";

const api = (method: Method, path: string, token: string | null = staff) => {
  const req = request(ctx.app)[method](path).set("apikey", ctx.anonKey);
  return token ? req.set("Authorization", `Bearer ${token}`) : req;
};
const representation = { Prefer: "return=representation" };
const inHours = (hours: number) => new Date(ctx.clock.now() + hours * 3_600_000).toISOString();

/** A published event, unless the row says otherwise: these tests are about what everyone reads. */
async function insertEvent(row: object): Promise<EventRow> {
  const res = await api("post", "/rest/v1/events")
    .set(representation)
    .send({ published: true, ...row });
  expect(res.status, res.text).toBe(201);
  return res.body[0];
}
const anonRead = async (query: string) => {
  const res = await api("get", `/rest/v1/events?${query}`, null);
  expect(res.status).toBe(200);
  return res.body as EventRow[];
};

describe("staff manage events", () => {
  it("create, edit against the version read, cancel and delete, each seen by the anonymous list at once", async () => {
    const created = await insertEvent({
      title: "Release Night at Trädgården",
      description: "Three new singles, live.",
      event_date: inHours(48),
      location: "Trädgården, Stockholm",
      event_type: "Live music",
      max_attendees: 300,
      image_url: "/storage/v1/object/public/event-posters/abc/poster.png",
      external_link: "https://example.com/release-night",
    });
    expect(created.status).toBe("upcoming");
    const titles = async () => (await anonRead("select=title,status")).map((e) => `${e.title}:${e.status}`);
    expect(await titles()).toContain("Release Night at Trädgården:upcoming");

    const edited = await api(
      "patch",
      `/rest/v1/events?id=eq.${created.id}&updated_at=eq.${created.updated_at}`,
    )
      .set(representation)
      .send({ title: "Release Night (moved indoors)" });
    expect(edited.status).toBe(200);
    expect(edited.body[0].title).toBe("Release Night (moved indoors)");
    expect(await titles()).toContain("Release Night (moved indoors):upcoming");

    // A save against the version first read matches nothing now: the screen reports a conflict.
    const stale = await api(
      "patch",
      `/rest/v1/events?id=eq.${created.id}&updated_at=eq.${created.updated_at}`,
    )
      .set(representation)
      .send({ title: "Overwritten" });
    expect(stale.status).toBe(200);
    expect(stale.body).toEqual([]);

    const cancelled = await api("patch", `/rest/v1/events?id=eq.${created.id}`)
      .set(representation)
      .send({ status: "cancelled" });
    expect(cancelled.body[0].status).toBe("cancelled");
    expect(await titles()).toContain("Release Night (moved indoors):cancelled");

    const removed = await api("delete", `/rest/v1/events?id=eq.${created.id}`);
    expect(removed.status).toBe(204);
    expect((await titles()).some((t) => t.startsWith("Release Night"))).toBe(false);
  });

  it.each([
    ["the anonymous key", null, 401],
    ["a signed-in user without a staff role", "roleless", 403],
  ] as const)("refuses every write by %s and changes nothing", async (_who, who, status) => {
    const token = who ? roleless : null;
    const target = await insertEvent({ title: "Not yours to change", event_date: inHours(5) });
    const before = await anonRead("select=id,title,status,updated_at&order=id.asc");
    const insert = await api("post", "/rest/v1/events", token).send({ title: "Spam" });
    const update = await api("patch", `/rest/v1/events?id=eq.${target.id}`, token).send({
      status: "cancelled",
    });
    const remove = await api("delete", `/rest/v1/events?id=eq.${target.id}`, token);
    for (const res of [insert, update, remove]) {
      expect(res.status).toBe(status);
      expect(res.body.code).toBe("42501");
    }
    expect(await anonRead("select=id,title,status,updated_at&order=id.asc")).toEqual(before);
  });
});

describe("an event's past status", () => {
  it("follows from the date on read, in filters and counts, and in a write's answer", async () => {
    const gone = await insertEvent({ title: "Yesterday's Showcase", event_date: inHours(-24) });
    expect(gone.status).toBe("past");
    const called = await insertEvent({
      title: "Called-off Clinic",
      event_date: inHours(-24),
      status: "cancelled",
    });
    expect(called.status).toBe("cancelled");
    const soon = await insertEvent({ title: "Tomorrow's Showcase", event_date: inHours(24) });
    const undated = await insertEvent({ title: "Date to be announced" });
    expect(undated.status).toBe("upcoming");

    const past = (await anonRead("status=eq.past&select=id")).map((e) => e.id);
    expect(past).toContain(gone.id);
    expect(past).not.toContain(called.id);
    expect(past).not.toContain(soon.id);
    const upcoming = (await anonRead("status=eq.upcoming&select=id")).map((e) => e.id);
    expect(upcoming).toEqual(expect.arrayContaining([soon.id, undated.id]));
    expect(upcoming).not.toContain(gone.id);
    const counted = await api("get", "/rest/v1/events?status=eq.past&select=id", null).set(
      "Prefer",
      "count=exact",
    );
    expect(counted.headers["content-range"]).toMatch(new RegExp(`/${past.length}$`));

    // Nothing is stored as past: the stored row still says upcoming.
    const stored = await ctx.db
      .selectFrom("events")
      .select("status")
      .where("id", "=", gone.id)
      .executeTakeFirst();
    expect(stored?.status).toBe("upcoming");

    // An edit that keeps the date in the past answers with the derived status too.
    const renamed = await api("patch", `/rest/v1/events?id=eq.${gone.id}`)
      .set(representation)
      .send({ title: "Last Week's Showcase" });
    expect(renamed.body[0].status).toBe("past");
  });

  it("refuses a write of past (400 naming the column) and stores nothing", async () => {
    const before = await anonRead("select=id");
    const insert = await api("post", "/rest/v1/events").send({ title: "Back-dated", status: "past" });
    expect(insert.status).toBe(400);
    expect(insert.body).toMatchObject({ code: "22P02", message: expect.stringContaining('column "status"') });
    expect(insert.body.message).toContain("past follows from the event date");
    const target = await insertEvent({ title: "Stays upcoming", event_date: inHours(10) });
    const update = await api("patch", `/rest/v1/events?id=eq.${target.id}`).send({ status: "past" });
    expect(update.status).toBe(400);
    expect((await anonRead(`id=eq.${target.id}&select=status`))[0]?.status).toBe("upcoming");
    expect((await anonRead("select=id")).length).toBe(before.length + 1);
  });

  it("is kept out of storage by the database too, for writers other than the API", async () => {
    const other = await openOtherConnection(ctx.databaseUrl);
    try {
      await expect(
        other
          .insertInto("events")
          .values({
            id: crypto.randomUUID(),
            title: "Straight into the table",
            status: "past",
            published: true,
          })
          .execute(),
      ).rejects.toThrow(/events_status_stored/);
      const row = await other
        .selectFrom("events")
        .select("id")
        .where("title", "=", "Straight into the table")
        .execute();
      expect(row).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe("event validation", () => {
  it.each([
    ["no title", {}, "23502", "title"],
    ["a title over 200 characters", { title: "x".repeat(201) }, "22P02", "title"],
    ["a date that is not a timestamp", { title: "T", event_date: "next friday" }, "22P02", "event_date"],
    ["negative max attendees", { title: "T", max_attendees: -1 }, "23514", "max_attendees"],
    ["a fractional max attendees", { title: "T", max_attendees: 1.5 }, "22P02", "max_attendees"],
    ["a javascript: link", { title: "T", external_link: "javascript:alert(1)" }, "22P02", "external_link"],
    ["a protocol-relative image", { title: "T", image_url: "//evil.example/x.png" }, "22P02", "image_url"],
    ["an unknown status", { title: "T", status: "postponed" }, "22P02", "status"],
    ["an unknown column", { title: "T", organiser: "me" }, "PGRST204", "organiser"],
  ])("answers 400 for %s, naming the column, and stores nothing", async (_name, body, code, column) => {
    const before = (await anonRead("select=id")).length;
    const res = await api("post", "/rest/v1/events").send(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
    expect(res.body.message).toContain(column);
    expect((await anonRead("select=id")).length).toBe(before);
  });
});

// Last: moving the app's clock on expires the staff token minted at the start.
describe("as time passes", () => {
  it("turns past as the clock passes the event's date, with no write in between", async () => {
    const event = await insertEvent({ title: "In two hours", event_date: inHours(2) });
    const statusOf = async () => (await anonRead(`id=eq.${event.id}&select=status`))[0]?.status;
    expect(await statusOf()).toBe("upcoming");
    ctx.clock.advance(3 * 3600);
    expect(await statusOf()).toBe("past");
  });
});
