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

  it("refuses at once with 429 when the queue is full, and still runs what it queued", async () => {
    const run = createLimiter(1, 1);
    let finishFirst: () => void = () => undefined;
    let active = 0;
    let peak = 0;
    const task = (gate?: Promise<void>) => async () => {
      active += 1;
      peak = Math.max(peak, active);
      await gate;
      active -= 1;
      return "done";
    };
    const first = run(task(new Promise<void>((resolve) => (finishFirst = resolve))));
    const second = run(task());
    await expect(run(task())).rejects.toMatchObject({ status: 429, code: "over_request_rate_limit" });
    finishFirst();
    expect(await Promise.all([first, second])).toEqual(["done", "done"]);
    expect(peak).toBe(1);
    // Every slot came back: the limiter runs and queues as before.
    expect(await Promise.all([run(task()), run(task())])).toEqual(["done", "done"]);
  });
});
