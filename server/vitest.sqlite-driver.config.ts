import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

/**
 * The SQLite engine's own suites, for the Node that loads the other better-sqlite3 line
 * (`src/db/engine/sqlite-driver.mjs`): `npm test` runs every server suite on SQLite under Node 24
 * (better-sqlite3 13) and these again under Node 20 (12, built at install), the driver being the one
 * place the two Nodes differ. The browser tests' servers run on Node 20 and SQLite throughout.
 */
export default defineConfig({
  test: {
    ...base.test,
    name: "sqlite driver",
    include: ["src/db/engine/sqlite*.test.ts"],
  },
});
