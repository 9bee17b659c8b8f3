import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach } from "vitest";

// jsdom has no layout engine; Radix measures some controls (e.g. Checkbox) with ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  cleanup();
  // Sonner replays active toasts to a newly mounted Toaster: without this, a test would see the last
  // test's toasts, and a toast it waits for would be found twice until the old one timed out.
  toast.dismiss();
});
