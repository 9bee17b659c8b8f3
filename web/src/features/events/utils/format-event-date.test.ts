import { describe, expect, it } from "vitest";
import { formatEventDate } from "@/features/events/utils/format-event-date";

describe("formatEventDate", () => {
  it("formats in the visitor's locale with year, short month, day, hour and minute", () => {
    const value = "2024-08-05T18:30:00.000Z";
    const expected = new Intl.DateTimeFormat(undefined, {
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
    }).format(new Date(value));
    expect(formatEventDate(value)).toBe(expected);
    expect(formatEventDate(value)).toContain("2024");
  });

  it.each([null, undefined, "", "not a date"])("shows '-' for %j", (value) => {
    expect(formatEventDate(value)).toBe("-");
  });
});
