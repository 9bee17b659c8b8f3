import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach } from "vitest";
import { checkConsoleErrors, watchConsoleErrors } from "../../../test-support/console-errors";

// Registered first so the check runs last, after cleanup: unmounting can warn too (after-hooks run in reverse).
beforeEach(watchConsoleErrors);
afterEach(checkConsoleErrors);

// jsdom has no layout engine; Radix measures some controls (e.g. Checkbox) with ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// findBy… and waitFor poll until their condition holds; the default second is too short while the server
// suites share the machine's two cores, and a passing test never waits longer than it must.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // Sonner replays active toasts to a newly mounted Toaster: without this, a test would see the last
  // test's toasts, and a toast it waits for would be found twice until the old one timed out.
  toast.dismiss();
});
