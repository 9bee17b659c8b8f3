import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { readPassword } from "./cli-password";

/** A terminal stand-in: what the operator types goes in, what the prompt prints is recorded. */
function terminal() {
  const stdin = Object.assign(new PassThrough(), {
    isTTY: true,
    rawMode: false,
    setRawMode(mode: boolean) {
      stdin.rawMode = mode;
      return stdin;
    },
  });
  const printed: string[] = [];
  const prompt = { write: (s: string) => printed.push(s) };
  return {
    stdin: stdin as unknown as NodeJS.ReadStream & { rawMode: boolean },
    prompt: prompt as unknown as NodeJS.WriteStream,
    printed,
    type: (keys: string) => setImmediate(() => stdin.write(keys)),
  };
}

describe("readPassword at a terminal", () => {
  it("asks twice without echoing, handles backspace, and leaves raw mode", async () => {
    const t = terminal();
    const read = readPassword(t.stdin, t.prompt);
    t.type("hunter2x\u007f-long-pass\r");
    await new Promise((resolve) => setTimeout(resolve, 10));
    t.type("hunter2-long-pass\r");
    expect(await read).toBe("hunter2-long-pass");
    expect(t.printed.join("")).toBe("Password: \nPassword (again): \n");
    expect(t.stdin.rawMode).toBe(false);
  });

  it("refuses two different entries", async () => {
    const t = terminal();
    const read = readPassword(t.stdin, t.prompt);
    t.type("first-pass-phrase\r");
    await new Promise((resolve) => setTimeout(resolve, 10));
    t.type("second-pass-phrase\r");
    await expect(read).rejects.toThrow("the two passwords differ");
  });
});
