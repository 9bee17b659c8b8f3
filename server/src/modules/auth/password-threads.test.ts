import { readdirSync, readFileSync } from "node:fs";
import bcrypt from "bcrypt";
import { describe, expect, it } from "vitest";
import { createPasswordThreads } from "./password-threads";

/** A thread's nice value (field 19 of /proc/self/task/<tid>/stat). */
function niceOf(tid: string | number): number {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
  // The command name is in parentheses and may hold spaces: count fields after its closing one.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[16]);
}

const threadNiceValues = () => readdirSync("/proc/self/task").map(niceOf);

describe("createPasswordThreads", () => {
  it("hashes and compares as bcrypt does, a wrong password included", async () => {
    const threads = createPasswordThreads(2);
    const hash = await threads.hash("correct horse", 4);
    expect(hash).toMatch(/^\$2b\$04\$/);
    expect(bcrypt.compareSync("correct horse", hash)).toBe(true);
    const [right, wrong] = await Promise.all([
      threads.compare("correct horse", hash),
      threads.compare("battery staple", hash),
    ]);
    expect(right).toBe(true);
    expect(wrong).toBe(false);
  });

  it("runs more jobs than threads, each answered", async () => {
    const threads = createPasswordThreads(1);
    const hashes = await Promise.all(["a1", "b2", "c3"].map((p) => threads.hash(p, 4)));
    expect(new Set(hashes).size).toBe(3);
    expect(
      await Promise.all(hashes.map((h, i) => threads.compare(["a1", "b2", "c3"][i] as string, h))),
    ).toEqual([true, true, true]);
  });

  it("rejects a job bcrypt refuses, and the thread goes on serving", async () => {
    const threads = createPasswordThreads(1);
    await expect(threads.hash("x", 100)).rejects.toThrow(/Invalid salt/);
    expect(await threads.compare("x", await threads.hash("x", 4))).toBe(true);
  });

  it.runIf(process.platform === "linux")("checks passwords on threads below normal priority", async () => {
    const before = threadNiceValues().filter((n) => n === 10).length;
    const threads = createPasswordThreads(1);
    await threads.hash("x", 4);
    expect(threadNiceValues().filter((n) => n === 10).length).toBe(before + 1);
    // The main thread's id is the process id (thread ids wrap, so it need not be the lowest).
    expect(niceOf(process.pid)).toBe(0);
  });
});
