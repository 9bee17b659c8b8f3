import { createRequire } from "node:module";

/** The better-sqlite3 this Node can run, picked as the server picks it (src/db/engine/sqlite-file.ts). */
export const SQLite = createRequire(import.meta.url)(
  Number(process.versions.napi) >= 10 ? "better-sqlite3" : "better-sqlite3-v12",
);
