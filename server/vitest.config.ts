import { defineConfig } from "vitest/config";

/** The server suites on the embedded SQLite engine; vitest.postgres.config.ts runs them on PostgreSQL. */
export default defineConfig({
  test: {
    name: "server (sqlite)",
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: "forks",
    // One process runs the project's files one after another, loading the app and its dependencies once
    // instead of once per file (most of a file's time). Each file still gets its own database, app and
    // temporary folder from test/helpers.ts, and restores whatever process state it changes.
    isolate: false,
    setupFiles: ["test/setup.ts"],
    // The server bundle the process suites run, and a migrated template database per run on the
    // project's engine (TEST_DB_ENGINE below).
    globalSetup: ["test/support/bundle-global-setup.ts", "test/support/database-global-setup.ts"],
    env: { TEST_DB_ENGINE: "sqlite" },
  },
});
