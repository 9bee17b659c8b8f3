import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  addDays,
  dayBounds,
  formatStockholm,
  formatStockholmSpan,
  formatStockholmWithZone,
  fromStockholmLocal,
  instantFromStockholm,
  overlapsDay,
  stockholmDay,
  stockholmTime,
  stockholmWallTime,
  stockholmZoneName,
  toStockholmLocal,
  weekDays,
  weekStart,
} from "./stockholm-time";

describe("Stockholm time", () => {
  it("puts a session at 23:30 UTC on the next Stockholm day", () => {
    expect(stockholmDay("2026-12-01T23:30:00Z")).toBe("2026-12-02");
    expect(stockholmTime("2026-12-01T23:30:00Z")).toBe("00:30");
    // In summer Stockholm is two hours ahead: 22:30 UTC is already the next day.
    expect(stockholmDay("2026-07-01T22:30:00Z")).toBe("2026-07-02");
    expect(
      overlapsDay({ starts_at: "2026-12-01T23:30:00Z", ends_at: "2026-12-02T01:00:00Z" }, "2026-12-01"),
    ).toBe(false);
    expect(
      overlapsDay({ starts_at: "2026-12-01T23:30:00Z", ends_at: "2026-12-02T01:00:00Z" }, "2026-12-02"),
    ).toBe(true);
  });

  it("starts weeks on Monday, in Stockholm's week, across a month end", () => {
    expect(weekStart("2026-12-06")).toBe("2026-11-30"); // a Sunday
    expect(weekStart("2026-11-30")).toBe("2026-11-30");
    // Sunday 23:30 UTC is Monday in Stockholm: the next week.
    expect(weekStart("2026-12-06T23:30:00Z")).toBe("2026-12-07");
    expect(weekDays("2026-12-28")).toEqual([
      "2026-12-28",
      "2026-12-29",
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
      "2027-01-02",
      "2027-01-03",
    ]);
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
  });

  it("gives the week summer time starts in the right day lengths and offsets", () => {
    // Summer time starts at 02:00 on Sunday 29 March 2026: that day has 23 hours.
    const days = weekDays(weekStart("2026-03-25"));
    expect(days[0]).toBe("2026-03-23");
    const hours = days.map((day) => {
      const { from, to } = dayBounds(day);
      return (Date.parse(to) - Date.parse(from)) / 3_600_000;
    });
    expect(hours).toEqual([24, 24, 24, 24, 24, 24, 23]);
    expect(dayBounds("2026-03-29")).toEqual({
      from: "2026-03-28T23:00:00.000Z",
      to: "2026-03-29T22:00:00.000Z",
    });
    expect(fromStockholmLocal("2026-03-29T10:00")).toBe("2026-03-29T08:00:00.000Z");
    expect(fromStockholmLocal("2026-03-28T10:00")).toBe("2026-03-28T09:00:00.000Z");
    // 23:30 on the change day is still Sunday; 22:30 UTC is Monday 00:30.
    expect(stockholmDay("2026-03-29T21:30:00Z")).toBe("2026-03-29");
    expect(stockholmDay("2026-03-29T22:30:00Z")).toBe("2026-03-30");
    // Summer time ends on 25 October 2026: that day has 25 hours.
    const { from, to } = dayBounds("2026-10-25");
    expect((Date.parse(to) - Date.parse(from)) / 3_600_000).toBe(25);
  });

  it("round-trips a typed Stockholm time, and formats spans", () => {
    expect(toStockholmLocal(fromStockholmLocal("2026-12-01T10:00"))).toBe("2026-12-01T10:00");
    expect(toStockholmLocal("2026-07-01T08:00:00Z")).toBe("2026-07-01T10:00");
    expect(fromStockholmLocal("not a time")).toBe("");
    expect(formatStockholmSpan("2026-12-01T09:00:00Z", "2026-12-01T11:00:00Z")).toBe(
      "2026-12-01 10:00–12:00",
    );
    expect(formatStockholmSpan("2026-12-01T22:00:00Z", "2026-12-02T00:00:00Z")).toBe(
      "2026-12-01 23:00–2026-12-02 01:00",
    );
  });
});

/*
 * The conversions must not depend on the machine's own zone: a server in UTC and a browser in New York,
 * London (same change instants as Stockholm), Sydney (changes the other way) or Kolkata (half-hour
 * offset) read the same Stockholm wall times. Each block runs with the process's zone switched.
 */
const MACHINE_ZONES = [
  "UTC",
  "Europe/Stockholm",
  "Europe/London",
  "America/New_York",
  "Australia/Sydney",
  "Asia/Kolkata",
];

describe.each(MACHINE_ZONES)("Stockholm's summer-time changes on a machine in %s", (zone) => {
  beforeAll(() => {
    vi.stubEnv("TZ", zone);
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });

  it("runs in that zone", () => {
    // Guards the block against passing without the switch: the machine's own offsets in January and July.
    const minutesBehindUtc: Record<string, [number, number]> = {
      UTC: [0, 0],
      "Europe/Stockholm": [-60, -120],
      "Europe/London": [0, -60],
      "America/New_York": [300, 240],
      "Australia/Sydney": [-660, -600],
      "Asia/Kolkata": [-330, -330],
    };
    const offsets = ["2026-01-15T12:00:00Z", "2026-07-15T12:00:00Z"].map((at) =>
      new Date(at).getTimezoneOffset(),
    );
    expect(offsets).toEqual(minutesBehindUtc[zone]);
  });

  it.each([
    // [day summer time starts, the last winter minute as UTC, the first summer hour as UTC]
    ["2026-03-29", "2026-03-29T00:59:00.000Z", "2026-03-29T01:00:00.000Z"],
    ["2027-03-28", "2027-03-28T00:59:00.000Z", "2027-03-28T01:00:00.000Z"],
  ])(
    "moves a time in the hour skipped on %s forward by that hour",
    (day, lastWinterMinute, firstSummerHour) => {
      expect(instantFromStockholm(day, "01:59").toISOString()).toBe(lastWinterMinute);
      expect(instantFromStockholm(day, "03:00").toISOString()).toBe(firstSummerHour);
      // 02:00 and 02:30 never show on Stockholm's clocks that night: read as 03:00 and 03:30 summer time.
      expect(instantFromStockholm(day, "02:00").toISOString()).toBe(firstSummerHour);
      const skipped = instantFromStockholm(day, "02:30");
      expect(skipped.getTime() - Date.parse(firstSummerHour)).toBe(30 * 60_000);
      expect(stockholmWallTime(skipped)).toEqual({ date: day, time: "03:30" });
      expect(fromStockholmLocal(`${day}T02:30`)).toBe(skipped.toISOString());
      // The instant before the change is 01:59 winter time, the one at it 03:00 summer time.
      expect(stockholmWallTime(lastWinterMinute)).toEqual({ date: day, time: "01:59" });
      expect(stockholmWallTime(firstSummerHour)).toEqual({ date: day, time: "03:00" });
    },
  );

  it.each([
    // [day summer time ends, 02:30 summer time as UTC, 02:30 winter time as UTC]
    ["2026-10-25", "2026-10-25T00:30:00.000Z", "2026-10-25T01:30:00.000Z"],
    ["2027-10-31", "2027-10-31T00:30:00.000Z", "2027-10-31T01:30:00.000Z"],
  ])("reads a time in the hour repeated on %s as its second occurrence", (day, first, second) => {
    // Both instants show 02:30 on Stockholm's clocks, an hour apart.
    expect(stockholmWallTime(first)).toEqual({ date: day, time: "02:30" });
    expect(stockholmWallTime(second)).toEqual({ date: day, time: "02:30" });
    expect(instantFromStockholm(day, "02:30").toISOString()).toBe(second);
    expect(fromStockholmLocal(`${day}T02:30`)).toBe(second);
    // Outside the repeated hour a wall time is one instant: 01:59 summer time, 03:00 winter time.
    expect(instantFromStockholm(day, "01:59").getTime()).toBe(Date.parse(first) - 31 * 60_000);
    expect(instantFromStockholm(day, "03:00").getTime()).toBe(Date.parse(second) + 30 * 60_000);
    const { from, to } = dayBounds(day);
    expect((Date.parse(to) - Date.parse(from)) / 3_600_000).toBe(25);
  });

  it("keeps the offsets either side of the changes and a week in summer", () => {
    expect(instantFromStockholm("2027-01-15", "18:30").toISOString()).toBe("2027-01-15T17:30:00.000Z");
    expect(instantFromStockholm("2027-07-01", "20:00").toISOString()).toBe("2027-07-01T18:00:00.000Z");
    expect(stockholmWallTime("2027-07-01T22:30:00Z")).toEqual({ date: "2027-07-02", time: "00:30" });
    expect(toStockholmLocal(fromStockholmLocal("2027-03-27T23:00"))).toBe("2027-03-27T23:00");
    expect(formatStockholm("2026-01-15T23:30:00.000Z", "dateTime")).toBe("16 Jan 2026, 00:30");
    expect(formatStockholm("2026-07-01T10:00:00.000Z", "dateTime")).toBe("1 Jul 2026, 12:00");
  });
});

describe("wall times that are not in the expected form", () => {
  it("are refused rather than guessed", () => {
    expect(() => instantFromStockholm("2026-3-29", "10:00")).toThrow(RangeError);
    expect(() => instantFromStockholm("2026-03-29", "10:00:00")).toThrow(RangeError);
    expect(fromStockholmLocal("2026-03-29T10:00T")).toBe("");
    expect(fromStockholmLocal("2026-03-29 10:00")).toBe("");
    expect(() => stockholmWallTime("not a time")).toThrow(RangeError);
  });
});

describe("event times with their zone", () => {
  it("name CET or CEST by the date, changing exactly when the clocks do", () => {
    // Summer time starts 2026-03-29 at 01:00 UTC and ends 2026-10-25 at 01:00 UTC.
    expect(stockholmZoneName("2026-03-29T00:59:00Z")).toBe("CET");
    expect(stockholmZoneName("2026-03-29T01:00:00Z")).toBe("CEST");
    expect(stockholmZoneName("2026-10-25T00:59:00Z")).toBe("CEST");
    expect(stockholmZoneName("2026-10-25T01:00:00Z")).toBe("CET");
  });

  it("read the venue's wall clock on either side of a change", () => {
    expect(formatStockholmWithZone("2026-03-28T18:30:00Z")).toBe("Sat, 28 Mar 2026, 19:30 CET");
    expect(formatStockholmWithZone("2026-03-29T17:30:00Z")).toBe("Sun, 29 Mar 2026, 19:30 CEST");
    expect(formatStockholmWithZone("2026-10-24T17:30:00Z")).toBe("Sat, 24 Oct 2026, 19:30 CEST");
    expect(formatStockholmWithZone("2026-10-25T18:30:00Z")).toBe("Sun, 25 Oct 2026, 19:30 CET");
    // The repeated hour: 02:30 happens twice, once in each zone.
    expect(formatStockholmWithZone("2026-10-25T00:30:00Z")).toBe("Sun, 25 Oct 2026, 02:30 CEST");
    expect(formatStockholmWithZone("2026-10-25T01:30:00Z")).toBe("Sun, 25 Oct 2026, 02:30 CET");
  });

  it("refuse an invalid instant", () => {
    expect(() => stockholmZoneName("not a time")).toThrow(RangeError);
    expect(() => formatStockholmWithZone("not a time")).toThrow(RangeError);
  });
});
