import { describe, expect, it } from "vitest";
import { createWorkQueue } from "./work-queue";

const silent = () => {
  const errors: unknown[] = [];
  return { errors, logger: { error: (obj: unknown) => errors.push(obj) } };
};

describe("createWorkQueue", () => {
  it("starts after the current turn and runs items one at a time, in order", async () => {
    const { logger } = silent();
    const work = createWorkQueue(logger);
    const log: string[] = [];
    let active = 0;
    let peak = 0;
    const item = (name: string, ms: number) => async () => {
      active += 1;
      peak = Math.max(peak, active);
      log.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      log.push(`end ${name}`);
      active -= 1;
    };
    work.enqueue("a", item("a", 10));
    work.enqueue("b", item("b", 1));
    work.enqueue("c", () => {
      log.push("c");
    });
    log.push("answered");
    await work.whenIdle();
    expect(log).toEqual(["answered", "start a", "end a", "start b", "end b", "c"]);
    expect(peak).toBe(1);
  });

  it("logs a failing item and goes on with the next", async () => {
    const { logger, errors } = silent();
    const work = createWorkQueue(logger);
    let ran = false;
    work.enqueue("boom", () => {
      throw new Error("mail server on fire");
    });
    work.enqueue("next", () => {
      ran = true;
    });
    await work.whenIdle();
    expect(ran).toBe(true);
    expect(errors).toEqual([expect.objectContaining({ work: "boom" })]);
  });

  it("is idle at once when nothing was queued, and again after new work", async () => {
    const work = createWorkQueue(silent().logger);
    await work.whenIdle();
    let done = false;
    work.enqueue("later", () => {
      done = true;
    });
    await work.whenIdle();
    expect(done).toBe(true);
  });
});
