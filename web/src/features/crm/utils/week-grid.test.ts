import { weekDays, weekStart } from "@app/contracts/stockholm-time";
import { describe, expect, it } from "vitest";
import type { SessionView } from "@/features/crm/api/studio-sessions";
import { makeRoom, makeSession } from "@/features/crm/test/crm-fixtures";
import { weekGrid } from "@/features/crm/utils/week-grid";

const studio = makeRoom({ name: "Studio A" });
const archived = makeRoom({ name: "Old room", active: false });
const view = (overrides: Partial<SessionView>): SessionView => ({
  ...makeSession({ room_id: studio.id, ...overrides }),
  roomName: "Studio A",
  team: [],
});
const titlesByDay = (sessions: SessionView[], monday: string) =>
  (weekGrid([studio, archived], sessions, weekDays(monday))[0]?.days ?? []).map((day) =>
    day.map((s) => s.title),
  );

describe("the week view", () => {
  it("shows a session at 23:30 UTC on the next Stockholm day", () => {
    // Tuesday 1 December 23:30 UTC is Wednesday 00:30 in Stockholm.
    const late = view({
      title: "Late",
      starts_at: "2026-12-01T23:30:00.000Z",
      ends_at: "2026-12-02T01:00:00.000Z",
    });
    expect(titlesByDay([late], "2026-11-30")).toEqual([[], [], ["Late"], [], [], [], []]);
  });

  it("shows a session running past Stockholm midnight on both days", () => {
    const night = view({
      title: "Night",
      starts_at: "2026-12-01T21:00:00.000Z",
      ends_at: "2026-12-01T23:30:00.000Z",
    });
    expect(titlesByDay([night], "2026-11-30")).toEqual([[], ["Night"], ["Night"], [], [], [], []]);
  });

  it("places sessions right in the week summer time starts", () => {
    const monday = weekStart("2026-03-26");
    expect(monday).toBe("2026-03-23");
    // Sunday 29 March: 21:30 UTC is 23:30 summer time (still Sunday); 22:30 UTC is Monday 30 March.
    const sunday = view({
      title: "Sunday late",
      starts_at: "2026-03-29T21:30:00.000Z",
      ends_at: "2026-03-29T21:45:00.000Z",
    });
    const nextWeek = view({
      title: "Monday",
      starts_at: "2026-03-29T22:30:00.000Z",
      ends_at: "2026-03-29T23:00:00.000Z",
    });
    // Saturday 28 March: 23:30 UTC is already Sunday 00:30 winter time.
    const early = view({
      title: "Sunday early",
      starts_at: "2026-03-28T23:30:00.000Z",
      ends_at: "2026-03-29T00:00:00.000Z",
    });
    expect(titlesByDay([early, sunday, nextWeek], monday)).toEqual([
      [],
      [],
      [],
      [],
      [],
      [],
      ["Sunday early", "Sunday late"],
    ]);
    expect(titlesByDay([nextWeek], "2026-03-30")[0]).toEqual(["Monday"]);
  });

  it("lists active rooms, and an inactive room only while it has a session that week", () => {
    expect(weekGrid([studio, archived], [], weekDays("2026-11-30")).map((row) => row.roomName)).toEqual([
      "Studio A",
    ]);
    const inOld = { ...view({ title: "Old" }), room_id: archived.id };
    expect(weekGrid([studio, archived], [inOld], weekDays("2026-11-30")).map((row) => row.roomName)).toEqual([
      "Studio A",
      "Old room",
    ]);
  });
});
