import { describe, expect, it } from "vitest";
import {
  checkConsoleErrors,
  consoleErrorsWritten,
  expectConsoleError,
} from "../../test-support/console-errors";

// The guard test/setup.ts installs around every test; checked here by hand, as its after-hook would.
describe("the console.error guard", () => {
  it("fails a test on a console.error it did not declare, and names the line", () => {
    console.error("surprise %d", 42);
    expect(() => checkConsoleErrors()).toThrow(/unexpected console\.error[\s\S]*surprise 42/);
  });

  it("lets a declared one through, once formatted as the console would print it", () => {
    expectConsoleError(/job 7 failed/);
    console.error("job %s failed:", 7, new Error("disk full"));
    expect(consoleErrorsWritten()[0]).toMatch(/^job 7 failed: Error: disk full/);
    expect(() => checkConsoleErrors()).not.toThrow();
  });

  it("fails a test whose declared console.error never came", () => {
    expectConsoleError(/never written/);
    expect(() => checkConsoleErrors()).toThrow(/matching \/never written\/, none was written/);
  });
});
