import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";

/**
 * Calendars on this run's engine: a session as an .ics file for staff, and a person's feed behind a
 * secret link that a calendar app (no API key, no token) subscribes to, replaced or turned off at will.
 */

let ctx: TestContext;
let staff: string;
let admin: string;
let room: { id: string; name: string };
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  staff = await ctx.userToken({ role: "staff" });
  admin = await ctx.userToken({ role: "admin" });
  room = await insert("studio_rooms", { name: "Room Calendar", kind: "recording" });
});
afterAll(() => ctx.close());

const api = (method: "get" | "post", path: string, token = staff) =>
  request(ctx.app)[method](path).set("apikey", ctx.anonKey).set("Authorization", `Bearer ${token}`);

async function insert(table: string, row: object) {
  const res = await api("post", `/rest/v1/${table}`).set("Prefer", "return=representation").send(row);
  expect(res.status, res.text).toBe(201);
  return res.body[0];
}

let personCounter = 0;
const person = () =>
  insert("crm_contacts", {
    first_name: "Cal",
    last_name: `Endar${++personCounter}`,
    email: `cal.endar${personCounter}@example.se`,
  }) as Promise<{ id: string; email: string }>;

async function book(
  title: string,
  startsAt: string,
  hours: number,
  contactIds: string[],
  status = "confirmed",
) {
  const res = await api("post", "/rest/v1/rpc/book_studio_session").send({
    title,
    room_id: room.id,
    starts_at: startsAt,
    ends_at: new Date(Date.parse(startsAt) + hours * 3_600_000).toISOString(),
    status,
    contact_ids: contactIds,
  });
  expect(res.status, res.text).toBe(200);
  return res.body as { id: string };
}

/** The feed as a calendar app fetches it: the link alone. */
const fetchFeed = (url: string) => request(ctx.app).get(new URL(url).pathname + new URL(url).search);

const rpc = (name: string, body: object, token = staff) =>
  api("post", `/rest/v1/rpc/${name}`, token).send(body);

describe("a session as an .ics file", () => {
  it("is an attachment staff can download, in UTC, with the room and status", async () => {
    const who = await person();
    const session = await book("Vocal take: Nova", "2030-05-04T08:00:00.000Z", 2, [who.id], "tentative");
    const res = await api("get", `/api/studio/sessions/${session.id}/calendar.ics`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/calendar/);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="Vocal-take-Nova.ics"');
    const text = res.text.replace(/\r\n /g, "");
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain(`UID:${session.id}@`);
    expect(text).toContain("SUMMARY:Vocal take: Nova");
    expect(text).toContain("DTSTART:20300504T080000Z");
    expect(text).toContain("DTEND:20300504T100000Z");
    expect(text).toContain("LOCATION:Room Calendar");
    expect(text).toContain("STATUS:TENTATIVE");
  });

  it("is refused to callers who are not staff, and 404 for a session that does not exist", async () => {
    const who = await person();
    const session = await book("Private", "2030-05-05T08:00:00.000Z", 1, [who.id]);
    const path = `/api/studio/sessions/${session.id}/calendar.ics`;
    expect((await request(ctx.app).get(path).set("apikey", ctx.anonKey)).status).toBe(401);
    const user = await ctx.userToken({ role: null });
    expect((await api("get", path, user)).status).toBe(403);
    const missing = await api("get", `/api/studio/sessions/${crypto.randomUUID()}/calendar.ics`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: "not_found" });
    expect((await api("get", "/api/studio/sessions/not-a-uuid/calendar.ics")).status).toBe(400);
  });
});

describe("a person's calendar feed", () => {
  it("lists the person's sessions from 90 days back, cancelled ones marked, nobody else's", async () => {
    const [who, other] = [await person(), await person()];
    const off = await rpc("calendar_feed", { contact_id: who.id });
    expect(off.body).toEqual({ contact_id: who.id, active: false, created_at: null });
    const mine = await book("Mix day", "2030-06-01T09:00:00.000Z", 3, [who.id]);
    const dropped = await book("Dropped", "2030-06-02T09:00:00.000Z", 1, [who.id], "cancelled");
    const long = await book("Long ago", "2020-01-10T09:00:00.000Z", 1, [who.id]);
    const theirs = await book("Not theirs", "2030-06-03T09:00:00.000Z", 1, [other.id]);

    const made = await rpc("create_calendar_feed", { contact_id: who.id });
    expect(made.status, made.text).toBe(200);
    expect(made.body).toMatchObject({ contact_id: who.id, active: true, created_at: expect.any(String) });
    expect(made.body.url).toMatch(/\/api\/calendar\/feed\.ics\?token=[\w-]{32}$/);
    const on = await rpc("calendar_feed", { contact_id: who.id });
    expect(on.body).toEqual({ contact_id: who.id, active: true, created_at: made.body.created_at });
    expect(on.text).not.toContain(new URL(made.body.url).searchParams.get("token"));

    const feed = await fetchFeed(made.body.url);
    expect(feed.status, feed.text).toBe(200);
    expect(feed.headers["content-type"]).toMatch(/^text\/calendar/);
    expect(feed.headers["cache-control"]).toBe("private, no-store");
    const text = feed.text.replace(/\r\n /g, "");
    expect(text).toContain("X-WR-CALNAME:Studio sessions: Cal Endar");
    expect(text).toContain(`UID:${mine.id}@`);
    const droppedEvent = text.slice(text.indexOf(`UID:${dropped.id}@`));
    expect(droppedEvent.slice(0, droppedEvent.indexOf("END:VEVENT"))).toContain("STATUS:CANCELLED");
    expect(text).not.toContain(long.id);
    expect(text).not.toContain(theirs.id);
  });

  it("stops working when replaced or turned off, with one answer for every dead link", async () => {
    const who = await person();
    await book("Writing camp", "2030-07-01T09:00:00.000Z", 4, [who.id]);
    const first = (await rpc("create_calendar_feed", { contact_id: who.id })).body.url as string;
    const second = (await rpc("create_calendar_feed", { contact_id: who.id })).body.url as string;
    expect(second).not.toBe(first);
    const replaced = await fetchFeed(first);
    expect(replaced.status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);
    const forged = await fetchFeed(
      `${new URL(second).origin}/api/calendar/feed.ics?token=forged-token-value`,
    );
    expect(forged.status).toBe(404);
    expect(forged.body).toEqual(replaced.body);

    const revoked = await rpc("revoke_calendar_feed", { contact_id: who.id });
    expect(revoked.body).toEqual({ contact_id: who.id, active: false, created_at: null });
    expect((await fetchFeed(second)).status).toBe(404);
    expect((await request(ctx.app).get("/api/calendar/feed.ics")).status).toBe(400);
  });

  it("is managed by staff only, for people who exist", async () => {
    const who = await person();
    const user = await ctx.userToken({ role: null });
    const refused = await rpc("create_calendar_feed", { contact_id: who.id }, user);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("42501");
    expect((await rpc("calendar_feed", { contact_id: who.id })).body.active).toBe(false);
    const missing = await rpc("create_calendar_feed", { contact_id: crypto.randomUUID() });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("PGRST116");
    expect((await rpc("create_calendar_feed", { contact_id: "x" })).status).toBe(400);
  });

  it("is turned off when the person's data is erased", async () => {
    const who = await person();
    await book("Before erasure", "2030-08-01T09:00:00.000Z", 1, [who.id]);
    const url = (await rpc("create_calendar_feed", { contact_id: who.id })).body.url as string;
    expect((await fetchFeed(url)).status).toBe(200);
    const erased = await api("post", "/api/admin/personal-data/erase", admin).send({ email: who.email });
    expect(erased.status, erased.text).toBe(200);
    expect(erased.body.changed.studio_calendar_feeds).toBe(1);
    expect((await fetchFeed(url)).status).toBe(404);
  });
});
