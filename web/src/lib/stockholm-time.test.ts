import { describe, expect, it } from "vitest";
import {
  addDays,
  dayBounds,
  formatStockholmSpan,
  fromStockholmLocal,
  overlapsDay,
  stockholmDay,
  stockholmTime,
  toStockholmLocal,
  weekDays,
  weekStart,
} from "@/lib/stockholm-time";

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
