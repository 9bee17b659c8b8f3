import { defineConfig } from "vitest/config";

/** One run over every package's own vitest config. */
export default defineConfig({
  test: {
    projects: ["server", "web", "packages/*"],
  },
});
