import { defineConfig } from "vitest/config";

/** One run over every package's own vitest config. */
export default defineConfig({
  test: {
    projects: [
      "contracts",
      "server/vitest.config.ts",
      "server/vitest.postgres.config.ts",
      "server/vitest.sqlite-driver.config.ts",
      "web",
      "packages/*",
    ],
  },
});
