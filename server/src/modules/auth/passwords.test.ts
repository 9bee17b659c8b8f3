import { describe, expect, it } from "vitest";
import { createLimiter } from "./passwords";

describe("createLimiter", () => {
  it("never runs more than the limit at once and runs everything queued", async () => {
    const run = createLimiter(2);
    let active = 0;
    let peak = 0;
    const task = (ms: number) => async () => {
      active += 1;
      peak = Math.max(peak, active);
      await new Promise((r) => setTimeout(r, ms));
      active -= 1;
      return ms;
    };
    const results = await Promise.all([5, 1, 3, 2, 4].map((ms) => run(task(ms))));
    expect(results).toEqual([5, 1, 3, 2, 4]);
    expect(peak).toBe(2);
    expect(active).toBe(0);
  });

  it("frees the slot when a task fails", async () => {
    const run = createLimiter(1);
    await expect(run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await run(async () => "next")).toBe("next");
  });
});
