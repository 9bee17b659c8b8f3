import { describe, expect, it } from "vitest";
import { AppError } from "../../http/app-error";
import { banUntil, isBanned } from "./bans";

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);

describe("ban durations", () => {
  it.each([
    ["24h", 24 * 3600e3],
    ["1h30m", 90 * 60e3],
    ["1.5h", 90 * 60e3],
    ["876000h", 876_000 * 3600e3],
    ["45s", 45e3],
  ])("reads %s as a Go duration", (duration, ms) => {
    expect(banUntil(duration, NOW)).toBe(new Date(NOW + ms).toISOString());
  });

  it("lifts a ban with none or a zero duration", () => {
    expect(banUntil("none", NOW)).toBeNull();
    expect(banUntil("0s", NOW)).toBeNull();
  });

  it.each(["", "forever", "24", "1d", "-1h", "h", "1h ", "9999999999h"])("refuses %j", (duration) => {
    expect(() => banUntil(duration, NOW)).toThrow(AppError);
  });

  it("counts a ban only until it runs out", () => {
    const until = banUntil("1h", NOW);
    expect(isBanned({ banned_until: until }, new Date(NOW + 59 * 60e3).toISOString())).toBe(true);
    expect(isBanned({ banned_until: until }, new Date(NOW + 60 * 60e3).toISOString())).toBe(false);
    expect(isBanned({ banned_until: null }, new Date(NOW).toISOString())).toBe(false);
  });
});
