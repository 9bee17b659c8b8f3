import { defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config.ts";

/**
 * The same server suites on a real PostgreSQL: a throwaway cluster started for the run (or PG_TEST_URL),
 * one database per test file, cloned from a migrated template (the base config's global setup makes it
 * on this project's engine). Suites about the SQLite file itself stay
 * with the SQLite project.
 */
export default mergeConfig(
  base,
  defineConfig({
    test: {
      name: "server (postgres)",
      exclude: [
        "**/node_modules/**",
        "src/db/engine/sqlite*.test.ts",
        "test/reliability/crash-safety.test.ts",
      ],
      env: { TEST_DB_ENGINE: "postgres" },
    },
  }),
);
