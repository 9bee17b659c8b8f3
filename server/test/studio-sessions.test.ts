import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedId } from "../src/db/seed-ids";
import { createTestContext, type TestContext } from "./helpers";

/**
 * Studio sessions on this run's engine: nobody and no room is double booked, whichever way a write
 * comes (a new session, a move, an un-cancel, a person added, a booking with its team), even when
 * twenty bookings race over real HTTP.
 */

let ctx: TestContext;
let staff: string;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  staff = await ctx.userToken({ role: "staff" });
});
afterAll(() => ctx.close());

const api = (method: "get" | "post" | "patch" | "delete", path: string, token = staff) =>
  request(ctx.app)[method](path).set("apikey", ctx.anonKey).set("Authorization", `Bearer ${token}`);
const representation = { Prefer: "return=representation" };

type Session = {
  id: string;
  title: string;
  starts_at: string;
  ends_at: string;
  status: string;
  updated_at: string;
};

let roomCounter = 0;
async function newRoom(name = `Room ${++roomCounter}`) {
  const res = await api("post", "/rest/v1/studio_rooms")
    .set(representation)
    .send({ name, kind: "recording" });
  expect(res.status, res.text).toBe(201);
  return res.body[0] as { id: string; name: string };
}

/** A day far from the seeded calendar, so each test owns its times: 2030-03-<day>. */
const day = (d: number, time: string) =>
  new Date(`2030-03-${String(d).padStart(2, "0")}T${time}:00Z`).toISOString();

async function book(row: object) {
  return api("post", "/rest/v1/studio_sessions").set(representation).send(row);
}
async function booked(row: object): Promise<Session> {
  const res = await book(row);
  expect(res.status, res.text).toBe(201);
  return res.body[0];
}

const talent = (n: number) => seedId("talent", n);

async function sessionsIn(roomId: string) {
  const res = await api("get", `/rest/v1/studio_sessions?room_id=eq.${roomId}&order=starts_at.asc`);
  expect(res.status).toBe(200);
  return res.body as Session[];
}

describe("a room is never double booked", () => {
  it("refuses an overlapping session with 409 23P01, naming the room, the Stockholm time and the session", async () => {
    const room = await newRoom("Studio A – Södermalm");
    await booked({
      title: "Vocal session",
      room_id: room.id,
      starts_at: day(2, "09:00"),
      ends_at: day(2, "11:00"),
    });
    const res = await book({
      title: "Overdubs",
      room_id: room.id,
      starts_at: day(2, "10:30"),
      ends_at: day(2, "12:00"),
    });
    expect(res.status).toBe(409);
    expect(Object.keys(res.body).sort()).toEqual(["code", "details", "hint", "message"]);
    expect(res.body.code).toBe("23P01");
    // 09:00 UTC is 10:00 in Stockholm in March (CET, before the switch to summer time).
    expect(res.body.message).toBe(
      "Studio A – Södermalm is already booked 2030-03-02 10:00–12:00 (Stockholm time) by “Vocal session”",
    );
    expect((await sessionsIn(room.id)).map((s) => s.title)).toEqual(["Vocal session"]);
  });

  it("lets sessions touch: [10:00, 11:00) then [11:00, 12:00)", async () => {
    const room = await newRoom();
    await booked({ title: "First", room_id: room.id, starts_at: day(3, "10:00"), ends_at: day(3, "11:00") });
    await booked({ title: "Second", room_id: room.id, starts_at: day(3, "11:00"), ends_at: day(3, "12:00") });
    await booked({ title: "Before", room_id: room.id, starts_at: day(3, "09:00"), ends_at: day(3, "10:00") });
    expect(await sessionsIn(room.id)).toHaveLength(3);
  });

  it("ignores cancelled sessions, and checks an un-cancel", async () => {
    const room = await newRoom();
    const cancelled = await booked({
      title: "Called off",
      room_id: room.id,
      starts_at: day(4, "10:00"),
      ends_at: day(4, "12:00"),
      status: "cancelled",
    });
    await booked({
      title: "Took the slot",
      room_id: room.id,
      starts_at: day(4, "11:00"),
      ends_at: day(4, "13:00"),
    });
    const revived = await api("patch", `/rest/v1/studio_sessions?id=eq.${cancelled.id}`)
      .set(representation)
      .send({ status: "confirmed" });
    expect(revived.status).toBe(409);
    expect(revived.body.code).toBe("23P01");
    expect(revived.body.message).toContain("“Took the slot”");
    const [still] = (await sessionsIn(room.id)).filter((s) => s.id === cancelled.id);
    expect(still?.status).toBe("cancelled");
    // Cancelling the one that took the slot frees it again.
    const taker = (await sessionsIn(room.id)).find((s) => s.title === "Took the slot") as Session;
    await api("patch", `/rest/v1/studio_sessions?id=eq.${taker.id}`)
      .send({ status: "cancelled" })
      .expect(204);
    await api("patch", `/rest/v1/studio_sessions?id=eq.${cancelled.id}`)
      .send({ status: "confirmed" })
      .expect(204);
  });

  it("checks a move in time and a move to another room, but not a session against itself", async () => {
    const a = await newRoom();
    const b = await newRoom();
    const morning = await booked({
      title: "Morning",
      room_id: a.id,
      starts_at: day(5, "08:00"),
      ends_at: day(5, "10:00"),
    });
    await booked({
      title: "Late morning",
      room_id: a.id,
      starts_at: day(5, "10:00"),
      ends_at: day(5, "12:00"),
    });
    await booked({ title: "In B", room_id: b.id, starts_at: day(5, "08:00"), ends_at: day(5, "09:00") });
    // Stretching into itself is fine; into the next session is not.
    await api("patch", `/rest/v1/studio_sessions?id=eq.${morning.id}`)
      .send({ starts_at: day(5, "07:00") })
      .expect(204);
    const later = await api("patch", `/rest/v1/studio_sessions?id=eq.${morning.id}`).send({
      ends_at: day(5, "10:30"),
    });
    expect(later.status).toBe(409);
    const moved = await api("patch", `/rest/v1/studio_sessions?id=eq.${morning.id}`).send({ room_id: b.id });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toContain("“In B”");
    const [kept] = (await sessionsIn(a.id)).filter((s) => s.id === morning.id);
    expect(kept?.ends_at).toBe(day(5, "10:00"));
  });
});

describe("a person is never double booked", () => {
  it("refuses adding someone who is in an overlapping session elsewhere", async () => {
    const a = await newRoom();
    const b = await newRoom();
    const first = await booked({
      title: "Topline",
      room_id: a.id,
      starts_at: day(6, "10:00"),
      ends_at: day(6, "12:00"),
    });
    const second = await booked({
      title: "Guitar",
      room_id: b.id,
      starts_at: day(6, "11:00"),
      ends_at: day(6, "13:00"),
    });
    await api("post", "/rest/v1/studio_session_talent")
      .send({ session_id: first.id, contact_id: talent(20) })
      .expect(201);
    const res = await api("post", "/rest/v1/studio_session_talent").send({
      session_id: second.id,
      contact_id: talent(20),
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("23P01");
    expect(res.body.message).toMatch(
      /^\S+ \S+ is already booked 2030-03-06 11:00–13:00 \(Stockholm time\) in “Topline”$/,
    );
    const team = await api("get", `/rest/v1/studio_session_talent?session_id=eq.${second.id}`);
    expect(team.body).toEqual([]);
  });

  it("checks the team when a session moves or is un-cancelled", async () => {
    const a = await newRoom();
    const b = await newRoom();
    const early = await booked({
      title: "Early",
      room_id: a.id,
      starts_at: day(7, "08:00"),
      ends_at: day(7, "09:00"),
    });
    const late = await booked({
      title: "Late",
      room_id: b.id,
      starts_at: day(7, "12:00"),
      ends_at: day(7, "13:00"),
      status: "cancelled",
    });
    await api("post", "/rest/v1/studio_session_talent")
      .send({ session_id: early.id, contact_id: talent(21) })
      .expect(201);
    // Cancelled: adding them holds nothing yet, so it is allowed even at the same time.
    await api("patch", `/rest/v1/studio_sessions?id=eq.${late.id}`)
      .send({ starts_at: day(7, "08:30") })
      .expect(204);
    await api("post", "/rest/v1/studio_session_talent")
      .send({ session_id: late.id, contact_id: talent(21) })
      .expect(201);
    const revived = await api("patch", `/rest/v1/studio_sessions?id=eq.${late.id}`).send({
      status: "tentative",
    });
    expect(revived.status).toBe(409);
    expect(revived.body.message).toContain("in “Early”");
    // Moved clear of the other session, it can be un-cancelled.
    await api("patch", `/rest/v1/studio_sessions?id=eq.${late.id}`)
      .send({ starts_at: day(7, "09:00") })
      .expect(204);
    await api("patch", `/rest/v1/studio_sessions?id=eq.${late.id}`).send({ status: "tentative" }).expect(204);
    const moveBack = await api("patch", `/rest/v1/studio_sessions?id=eq.${early.id}`).send({
      ends_at: day(7, "10:00"),
    });
    expect(moveBack.status).toBe(409);
    expect(moveBack.body.message).toContain("in “Late”");
  });
});

describe("booking a session with its team in one call", () => {
  const rpc = (body: object) => api("post", "/rest/v1/rpc/book_studio_session").send(body);

  it("writes the session and its team, and the timeline", async () => {
    const room = await newRoom();
    const res = await rpc({
      title: "Writing camp",
      room_id: room.id,
      starts_at: "2030-03-08T10:00:00+01:00",
      ends_at: "2030-03-08T16:00:00+01:00",
      status: "confirmed",
      brief_id: seedId("brief", 0),
      notes: "Bring demos",
      contact_ids: [talent(22), talent(23)],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      title: "Writing camp",
      starts_at: day(8, "09:00"),
      ends_at: day(8, "15:00"),
      status: "confirmed",
      contact_ids: [talent(22), talent(23)],
    });
    const team = await api(
      "get",
      `/rest/v1/studio_session_talent?session_id=eq.${res.body.id}&select=contact_id`,
    );
    expect(team.body.map((r: { contact_id: string }) => r.contact_id).sort()).toEqual(
      [talent(22), talent(23)].sort(),
    );
    const activity = await api("get", `/rest/v1/crm_activity?record_id=eq.${res.body.id}`);
    expect(activity.body.map((a: { action: string }) => a.action)).toEqual(["created"]);
  });

  it("leaves nothing behind when one person on the team clashes", async () => {
    const a = await newRoom();
    const b = await newRoom();
    await rpc({
      title: "Busy",
      room_id: a.id,
      starts_at: day(9, "10:00"),
      ends_at: day(9, "12:00"),
      contact_ids: [talent(24)],
    }).expect(200);
    const res = await rpc({
      title: "Second booking",
      room_id: b.id,
      starts_at: day(9, "11:00"),
      ends_at: day(9, "12:00"),
      contact_ids: [talent(25), talent(24)],
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("23P01");
    expect(res.body.message).toContain("in “Busy”");
    expect(await sessionsIn(b.id)).toEqual([]);
  });

  it("refuses an end before the start, an empty title, a bad status and a repeated person with 400", async () => {
    const room = await newRoom();
    const base = { title: "X", room_id: room.id, starts_at: day(10, "10:00"), ends_at: day(10, "11:00") };
    for (const body of [
      { ...base, ends_at: day(10, "10:00") },
      { ...base, ends_at: day(10, "09:00") },
      { ...base, title: "  " },
      { ...base, status: "maybe" },
      { ...base, contact_ids: [talent(1), talent(1)] },
      { ...base, extra: true },
    ]) {
      const res = await rpc(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body).sort()).toEqual(["code", "details", "hint", "message"]);
    }
    const unknownRoom = await rpc({ ...base, room_id: seedId("no-such-room", 1) });
    expect(unknownRoom.status).toBe(409);
    expect(unknownRoom.body.code).toBe("23503");
    expect(await sessionsIn(room.id)).toEqual([]);
  });
});

describe("the tables' own rules", () => {
  it("refuses an end at or before the start on insert and update with 400", async () => {
    const room = await newRoom();
    const res = await book({
      title: "Backwards",
      room_id: room.id,
      starts_at: day(11, "10:00"),
      ends_at: day(11, "10:00"),
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("23514");
    expect(res.body.message).toBe("A session must end after it starts");
    const ok = await booked({
      title: "Fine",
      room_id: room.id,
      starts_at: day(11, "10:00"),
      ends_at: day(11, "11:00"),
    });
    const bad = await api("patch", `/rest/v1/studio_sessions?id=eq.${ok.id}`).send({
      ends_at: day(11, "09:00"),
    });
    expect(bad.status).toBe(400);
    expect((await sessionsIn(room.id))[0]?.ends_at).toBe(day(11, "11:00"));
  });

  it("is the database's rule too: a write that skips the server is refused", async () => {
    const room = await newRoom();
    const row = {
      id: seedId("raw-session", 1),
      title: "Raw",
      room_id: room.id,
      starts_at: day(12, "10:00"),
      ends_at: day(12, "09:00"),
    };
    await expect(
      ctx.db
        .insertInto("studio_sessions" as never)
        .values(row as never)
        .execute(),
    ).rejects.toThrow();
  });

  it("on PostgreSQL, refuses a double booking even from a write that skips the server (exclusion constraints)", async () => {
    const room = await newRoom();
    const other = await newRoom();
    const empty = await newRoom();
    const raw = (n: number, roomId: string, status = "tentative") => ({
      id: seedId("raw-booking", n),
      title: `Raw ${n}`,
      room_id: roomId,
      starts_at: day(16, "10:00"),
      ends_at: day(16, "12:00"),
      status,
    });
    const insertSession = (row: object) =>
      ctx.db
        .insertInto("studio_sessions" as never)
        .values(row as never)
        .execute();
    const addToTeam = (n: number, sessionId: string) =>
      ctx.db
        .insertInto("studio_session_talent" as never)
        .values({ id: seedId("raw-member", n), session_id: sessionId, contact_id: talent(50) } as never)
        .execute();
    await insertSession(raw(1, room.id));
    await insertSession(raw(2, other.id));
    await insertSession(raw(3, room.id, "cancelled"));
    await addToTeam(1, seedId("raw-booking", 1));
    await addToTeam(3, seedId("raw-booking", 3));
    if (ctx.engine === "postgres") {
      await expect(insertSession(raw(4, room.id))).rejects.toMatchObject({ code: "23P01" });
      await expect(addToTeam(2, seedId("raw-booking", 2))).rejects.toMatchObject({ code: "23P01" });
      // The team row follows its session: un-cancelling it would double book the person.
      const revive = ctx.db
        .updateTable("studio_sessions" as never)
        .set({ status: "confirmed", room_id: empty.id } as never)
        .where("id" as never, "=", seedId("raw-booking", 3) as never)
        .execute();
      await expect(revive).rejects.toMatchObject({ code: "23P01" });
    } else {
      // SQLite has no exclusion constraints: the server's hooks check inside its BEGIN IMMEDIATE write.
      await expect(insertSession(raw(4, room.id))).resolves.toBeDefined();
    }
  });

  it("is for staff and admins only: anon and role-less users get nothing", async () => {
    const noRole = await ctx.userToken({ role: null });
    const admin = await ctx.userToken({ role: "admin" });
    for (const table of ["studio_rooms", "studio_sessions", "studio_session_talent"]) {
      expect((await request(ctx.app).get(`/rest/v1/${table}`).set("apikey", ctx.anonKey)).status).toBe(401);
      expect((await api("get", `/rest/v1/${table}`, noRole)).status).toBe(403);
      expect((await api("get", `/rest/v1/${table}`, admin)).status).toBe(200);
    }
    expect((await api("post", "/rest/v1/studio_rooms", noRole).send({ name: "Mine" })).status).toBe(403);
    const room = await newRoom();
    const booking = {
      title: "Sneaky",
      room_id: room.id,
      starts_at: day(13, "10:00"),
      ends_at: day(13, "11:00"),
    };
    expect((await api("post", "/rest/v1/rpc/book_studio_session", noRole).send(booking)).status).toBe(403);
    expect(
      (await request(ctx.app).post("/rest/v1/studio_sessions").set("apikey", ctx.anonKey).send(booking))
        .status,
    ).toBe(401);
    expect(await sessionsIn(room.id)).toEqual([]);
  });
});

describe("twenty bookings racing for one room over real HTTP", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = ctx.app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const post = (path: string, body: object) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: { apikey: ctx.anonKey, authorization: `Bearer ${staff}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("lets exactly one win; the others get 409 23P01", async () => {
    const room = await newRoom();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post("/rest/v1/studio_sessions", {
          title: `Racer ${i}`,
          room_id: room.id,
          starts_at: day(14, `${String(9 + (i % 3)).padStart(2, "0")}:00`),
          ends_at: day(14, "13:00"),
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const bodies = (await Promise.all(answers.filter((a) => a.status === 409).map((a) => a.json()))) as {
      code: string;
    }[];
    expect(new Set(bodies.map((b) => b.code))).toEqual(new Set(["23P01"]));
    expect(await sessionsIn(room.id)).toHaveLength(1);
  });

  it("lets exactly one team booking of the same person win, in different rooms", async () => {
    const rooms = await Promise.all(Array.from({ length: 10 }, () => newRoom()));
    const answers = await Promise.all(
      rooms.map((room, i) =>
        post("/rest/v1/rpc/book_studio_session", {
          title: `Team racer ${i}`,
          room_id: room.id,
          starts_at: day(15, "10:00"),
          ends_at: day(15, "12:00"),
          contact_ids: [talent(30 + i), talent(40)],
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const team = await api(
      "get",
      `/rest/v1/studio_session_talent?contact_id=in.(${[30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40].map(talent).join(",")})&select=session_id`,
    );
    // The winner's two people, nobody else's.
    expect(team.body).toHaveLength(2);
  });
});
