import { afterEach, describe, expect, it } from "vitest";
import {
  addMonths,
  formatPeriod,
  isDayKey,
  monthGrid,
  readCalendarPlace,
  shiftDate,
  viewDays,
} from "@/features/crm/utils/calendar-dates";
import { sessionsOnDay } from "@/features/crm/utils/day-sessions";

/** Monday 28 December 2026 to Sunday 3 January 2027: the week the year turns in. */
const NEW_YEAR_WEEK = [
  "2026-12-28",
  "2026-12-29",
  "2026-12-30",
  "2026-12-31",
  "2027-01-01",
  "2027-01-02",
  "2027-01-03",
];
const firstDays = (weeks: string[][]) => weeks.map((week) => week[0]);
const DAY_MS = 86_400_000;
/** Every day of the grid, checked to follow the one before by exactly one calendar day. */
function expectConsecutive(days: string[]) {
  for (let i = 1; i < days.length; i++) {
    expect(Date.parse(`${days[i]}T00:00:00Z`) - Date.parse(`${days[i - 1]}T00:00:00Z`)).toBe(DAY_MS);
  }
}

describe("the month grid", () => {
  it("starts each week on Monday and covers the month in whole weeks", () => {
    // 1 December 2026 is a Tuesday; 31 December a Thursday.
    const december = monthGrid("2026-12-17");
    expect(firstDays(december)).toEqual([
      "2026-11-30",
      "2026-12-07",
      "2026-12-14",
      "2026-12-21",
      "2026-12-28",
    ]);
    expect(december.at(-1)).toEqual(NEW_YEAR_WEEK);
    expectConsecutive(december.flat());
  });

  it("crosses the year boundary backwards: January 2027 opens on Monday 28 December 2026", () => {
    const january = monthGrid("2027-01-01");
    expect(january[0]).toEqual(NEW_YEAR_WEEK);
    expect(firstDays(january).at(-1)).toBe("2027-01-25");
    expect(january.flat().at(-1)).toBe("2027-01-31");
  });

  it("is four rows for a February that starts on a Monday, six for a month that needs them", () => {
    expect(firstDays(monthGrid("2027-02-10"))).toEqual([
      "2027-02-01",
      "2027-02-08",
      "2027-02-15",
      "2027-02-22",
    ]);
    // 1 August 2027 is a Sunday: the 1st sits alone at the end of the first row, the 30th and 31st in a sixth.
    const august = monthGrid("2027-08-31");
    expect(august).toHaveLength(6);
    expect(august[0]?.at(-1)).toBe("2027-08-01");
    expect(august[5]).toContain("2027-08-31");
  });

  it("keeps every day once, in order, in the months summer time starts and ends", () => {
    // Summer time starts Sunday 29 March 2026 and ends Sunday 25 October 2026: both days are 23 or 25
    // hours long, and neither may be skipped or shown twice.
    const march = monthGrid("2026-03-29");
    expect(firstDays(march)).toEqual([
      "2026-02-23",
      "2026-03-02",
      "2026-03-09",
      "2026-03-16",
      "2026-03-23",
      "2026-03-30",
    ]);
    expect(march[4]?.at(-1)).toBe("2026-03-29");
    expectConsecutive(march.flat());
    const october = monthGrid("2026-10-25");
    expect(firstDays(october)).toEqual([
      "2026-09-28",
      "2026-10-05",
      "2026-10-12",
      "2026-10-19",
      "2026-10-26",
    ]);
    expect(october[3]?.at(-1)).toBe("2026-10-25");
    expectConsecutive(october.flat());
  });

  describe("whatever zone the machine runs in", () => {
    const machineZone = process.env.TZ;
    afterEach(() => {
      if (machineZone === undefined) delete process.env.TZ;
      else process.env.TZ = machineZone;
    });

    it("lays out the same grid in Stockholm, New York and Auckland", () => {
      const grids = ["Europe/Stockholm", "America/New_York", "Pacific/Auckland"].map((zone) => {
        process.env.TZ = zone;
        return [monthGrid("2026-03-01"), monthGrid("2026-10-31"), viewDays("week", "2027-01-01")];
      });
      expect(grids[1]).toEqual(grids[0]);
      expect(grids[2]).toEqual(grids[0]);
    });
  });
});

describe("a view's days and its previous and next", () => {
  it("shows Monday to Sunday for any day of a week, across the new year", () => {
    expect(viewDays("week", "2027-01-03")).toEqual(NEW_YEAR_WEEK);
    expect(viewDays("week", "2026-12-28")[0]).toBe("2026-12-28");
    expect(viewDays("day", "2026-03-29")).toEqual(["2026-03-29"]);
    expect(viewDays("month", "2026-12-17")).toHaveLength(35);
  });

  it("moves by a day, a week or a month", () => {
    expect(shiftDate("day", "2026-03-29", 1)).toBe("2026-03-30");
    expect(shiftDate("day", "2027-01-01", -1)).toBe("2026-12-31");
    expect(shiftDate("week", "2026-12-30", 1)).toBe("2027-01-06");
    expect(shiftDate("week", "2026-10-28", -1)).toBe("2026-10-21");
    expect(shiftDate("month", "2026-12-15", 1)).toBe("2027-01-15");
    expect(shiftDate("month", "2027-01-15", -1)).toBe("2026-12-15");
  });

  it("keeps a month step within the month it lands in", () => {
    expect(addMonths("2027-01-31", 1)).toBe("2027-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2027-03-31", -1)).toBe("2027-02-28");
    expect(addMonths("2026-11-30", 14)).toBe("2028-01-30");
    expect(addMonths("2027-01-10", -13)).toBe("2025-12-10");
  });

  it("names the period in the heading", () => {
    expect(formatPeriod("day", "2031-03-04")).toMatch(/^Tuesday,? 4 March 2031$/);
    expect(formatPeriod("week", "2031-03-06")).toMatch(/^Week of Monday,? 3 March 2031$/);
    expect(formatPeriod("month", "2031-03-31")).toBe("March 2031");
  });

  it("reads only real days from an address", () => {
    expect(isDayKey("2028-02-29")).toBe(true);
    expect(isDayKey("2027-02-29")).toBe(false);
    expect(isDayKey("2027-13-01")).toBe(false);
    expect(isDayKey("2027-1-01")).toBe(false);
  });
});

describe("a day's sessions", () => {
  const session = (title: string, starts_at: string, ends_at: string) => ({ title, starts_at, ends_at });

  it("puts a session on the Stockholm day it falls on across the summer-time changes and the new year", () => {
    const sessions = [
      // Sunday 29 March 2026, 22:30 UTC is already Monday 00:30 summer time.
      session("Monday early", "2026-03-29T22:30:00.000Z", "2026-03-29T23:30:00.000Z"),
      // Sunday 29 March 2026, 21:30 UTC is still Sunday, 23:30 summer time.
      session("Sunday late", "2026-03-29T21:30:00.000Z", "2026-03-29T21:45:00.000Z"),
      // Sunday 25 October 2026, 22:30 UTC is 23:30 winter time, still Sunday.
      session("October late", "2026-10-25T22:30:00.000Z", "2026-10-25T22:50:00.000Z"),
      // 31 December 2026, 23:30 UTC is 00:30 on New Year's Day.
      session("New year", "2026-12-31T23:30:00.000Z", "2027-01-01T01:00:00.000Z"),
    ];
    const titles = (day: string) => sessionsOnDay(sessions, day).map((s) => s.title);
    expect(titles("2026-03-29")).toEqual(["Sunday late"]);
    expect(titles("2026-03-30")).toEqual(["Monday early"]);
    expect(titles("2026-10-25")).toEqual(["October late"]);
    expect(titles("2026-12-31")).toEqual([]);
    expect(titles("2027-01-01")).toEqual(["New year"]);
  });

  it("lists a day's sessions by start time, one past midnight on both days", () => {
    const sessions = [
      session("Late", "2026-12-01T21:00:00.000Z", "2026-12-01T23:30:00.000Z"),
      session("Morning", "2026-12-01T08:00:00.000Z", "2026-12-01T09:00:00.000Z"),
      session("Next morning", "2026-12-02T08:00:00.000Z", "2026-12-02T09:00:00.000Z"),
    ];
    expect(sessionsOnDay(sessions, "2026-12-01").map((s) => s.title)).toEqual(["Morning", "Late"]);
    expect(sessionsOnDay(sessions, "2026-12-02").map((s) => s.title)).toEqual(["Late", "Next morning"]);
  });
});

describe("the calendar's place in the address", () => {
  const wide = { today: "2026-11-26", isPhone: false };
  const phone = { today: "2026-11-26", isPhone: true };
  const none = { view: "", date: "", week: "" };

  it("starts today, on the week on a wide screen and on the day on a phone", () => {
    expect(readCalendarPlace(none, wide)).toEqual({ view: "week", date: "2026-11-26" });
    expect(readCalendarPlace(none, phone)).toEqual({ view: "day", date: "2026-11-26" });
  });

  it("keeps the view and date the address names, on any screen", () => {
    expect(readCalendarPlace({ ...none, view: "month", date: "2031-03-04" }, phone)).toEqual({
      view: "month",
      date: "2031-03-04",
    });
    expect(readCalendarPlace({ ...none, view: "week" }, phone)).toEqual({ view: "week", date: "2026-11-26" });
    expect(readCalendarPlace({ ...none, week: "2031-03-03" }, phone)).toEqual({
      view: "week",
      date: "2031-03-03",
    });
  });

  it("ignores a view or date it cannot read", () => {
    expect(readCalendarPlace({ view: "year", date: "2031-02-30", week: "soon" }, wide)).toEqual({
      view: "week",
      date: "2026-11-26",
    });
  });
});
