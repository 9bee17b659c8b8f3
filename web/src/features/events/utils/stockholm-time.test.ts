import { describe, expect, it } from "vitest";
import { fromStockholmInput, toStockholmInput } from "./stockholm-time";

describe("Stockholm time for event dates", () => {
  it.each([
    ["winter (UTC+1)", "2027-01-15T18:30", "2027-01-15T17:30:00.000Z"],
    ["summer (UTC+2)", "2027-07-01T20:00", "2027-07-01T18:00:00.000Z"],
    ["the evening before spring's change", "2027-03-27T23:00", "2027-03-27T22:00:00.000Z"],
    ["the morning after autumn's change", "2027-10-31T09:00", "2027-10-31T08:00:00.000Z"],
  ])("reads a wall time in %s and shows it back unchanged", (_when, wall, utc) => {
    expect(fromStockholmInput(wall)).toBe(utc);
    expect(toStockholmInput(utc)).toBe(wall);
  });

  it("reads a time the clocks skip in spring as the same wall time an hour later", () => {
    // 02:30 on 28 March 2027 does not exist in Stockholm; 03:30 CEST is 01:30 UTC.
    expect(fromStockholmInput("2027-03-28T02:30")).toBe("2027-03-28T01:30:00.000Z");
  });

  it("leaves blank as null and other text as it is, for the schema to refuse", () => {
    expect(fromStockholmInput("  ")).toBeNull();
    expect(fromStockholmInput("next friday")).toBe("next friday");
    expect(toStockholmInput(null)).toBe("");
  });
});
