import { vi } from "vitest";

/**
 * jsdom makes no object URLs, so a saved file never reaches one: a URL class that does, undone after the
 * test like every stubbed global. Answers the mock each saved blob is passed to.
 */
export function stubSavedFiles(url = "blob:saved") {
  const saved = vi.fn((_blob: Blob) => url);
  vi.stubGlobal(
    "URL",
    class extends URL {
      static override createObjectURL = saved;
      static override revokeObjectURL = vi.fn();
    },
  );
  return saved;
}
