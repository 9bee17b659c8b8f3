import { expect, it } from "vitest";
import { checkConsoleErrors } from "../../../test-support/console-errors";

// test/setup.ts installs the guard around every test; checked here by hand, as its after-hook would.
it("fails a test on a console.error it did not declare", () => {
  console.error("refresh failed");
  expect(() => checkConsoleErrors()).toThrow(/unexpected console\.error[\s\S]*refresh failed/);
});
