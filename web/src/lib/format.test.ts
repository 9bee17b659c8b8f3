import { describe, expect, it } from "vitest";
import { daysBetween, formatDateTime, formatDay, formatRelativeTime, formatSek } from "@/lib/format";

describe("formatSek", () => {
  it("shows whole kronor with the SEK code and thousands separators", () => {
    expect(formatSek(1_475_000).replace(/\s/g, " ")).toBe("SEK 1,475,000");
  });
});

describe("formatRelativeTime", () => {
  const now = new Date("2030-06-15T12:00:00Z");

  it("says 'ago' for the past and 'in' for the future, in English", () => {
    expect(formatRelativeTime("2030-06-12T12:00:00Z", now)).toBe("3 days ago");
    expect(formatRelativeTime("2030-06-15T14:00:00Z", now)).toBe("in 2 hours");
    expect(formatRelativeTime("2030-06-15T11:30:00Z", now)).toBe("30 minutes ago");
    expect(formatRelativeTime("2028-06-15T12:00:00Z", now)).toBe("2 years ago");
  });

  it("rounds to whole minutes before picking the unit", () => {
    expect(formatRelativeTime(new Date(now.getTime() + 86_400_000 - 5), now)).toBe("in 1 day");
  });

  it("rounds the past and the future alike", () => {
    expect(formatRelativeTime("2030-05-01T12:00:00Z", now)).toBe("2 months ago");
    expect(formatRelativeTime("2030-07-30T12:00:00Z", now)).toBe("in 2 months");
  });

  it("uses seconds under a minute", () => {
    expect(formatRelativeTime("2030-06-15T12:00:20Z", now)).toBe("in 20 seconds");
  });
});

describe("daysBetween", () => {
  it("counts whole days", () => {
    expect(daysBetween("2030-05-16T12:00:00Z", new Date("2030-06-15T12:00:00Z"))).toBe(30);
  });
});

describe("formatDay", () => {
  it("shows a calendar day as the day, whatever the time zone", () => {
    expect(formatDay("2026-12-24")).toBe("24 Dec 2026");
    expect(formatDay("2027-01-01")).toBe("1 Jan 2027");
  });
});

describe("formatDateTime", () => {
  it("shows year, short month, day, hour and minute in local time", () => {
    expect(formatDateTime(new Date(2026, 10, 23, 18, 2))).toBe("23 Nov 2026, 18:02");
  });
});
