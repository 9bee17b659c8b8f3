import { describe, expect, it } from "vitest";
import { formatEventDate } from "@/features/events/utils/format-event-date";

describe("formatEventDate", () => {
  it("shows the venue's Stockholm time with its zone, whatever the reader's zone", () => {
    expect(formatEventDate("2026-01-15T18:30:00.000Z")).toBe("Thu, 15 Jan 2026, 19:30 CET");
    expect(formatEventDate("2026-08-05T17:30:00.000Z")).toBe("Wed, 5 Aug 2026, 19:30 CEST");
  });

  it.each([null, undefined, "", "not a date"])("shows '-' for %j", (value) => {
    expect(formatEventDate(value)).toBe("-");
  });
});
