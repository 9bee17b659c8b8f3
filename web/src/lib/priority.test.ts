import { describe, expect, it } from "vitest";
import { priorityOf } from "@/lib/priority";

describe("a task's priority", () => {
  it.each([
    ["2026-11-20", "high"],
    ["2026-11-26", "high"],
    ["2026-11-28", "high"],
    ["2026-11-29", "medium"],
    ["2026-12-03", "medium"],
    ["2026-12-04", "low"],
    [null, "low"],
  ] as const)("due %s is %s on 2026-11-26", (due, expected) => {
    expect(priorityOf(due, "2026-11-26")).toBe(expected);
  });

  it("counts across a month's end", () => {
    expect(priorityOf("2027-01-01", "2026-12-30")).toBe("high");
    expect(priorityOf("2027-01-06", "2026-12-30")).toBe("medium");
  });
});
