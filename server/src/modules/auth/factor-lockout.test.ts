import { describe, expect, it } from "vitest";
import { describeLock, lockSecondsAfter } from "./factor-lockout";

describe("lockSecondsAfter", () => {
  it("locks on every fifth attempt, doubling from 15 minutes up to a day", () => {
    expect([1, 4, 6, 9].map(lockSecondsAfter)).toEqual([undefined, undefined, undefined, undefined]);
    expect([5, 10, 15, 20].map(lockSecondsAfter)).toEqual([900, 1800, 3600, 7200]);
    expect(lockSecondsAfter(45)).toBe(86_400);
    expect(lockSecondsAfter(5_000_000)).toBe(86_400);
  });

  it("states a lock in minutes or whole hours", () => {
    expect([60, 899, 900, 3600, 7200, 86_400].map(describeLock)).toEqual([
      "1 minute",
      "15 minutes",
      "15 minutes",
      "1 hour",
      "2 hours",
      "24 hours",
    ]);
  });
});
