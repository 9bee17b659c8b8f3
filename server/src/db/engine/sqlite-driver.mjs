import { createRequire } from "node:module";

/**
 * better-sqlite3 13 is built on Node-API 10, which Node 20 (and 22 before 22.14) lacks: there it crashes
 * in its constructor, and the 12 line, compiled against V8 at install, runs instead. On Node 24.19 and
 * later the 12 line aborts the process when the garbage collector frees one of its statements outside
 * JavaScript, so 13 is the driver wherever it can load. Both speak the same API; only one is ever loaded.
 *
 * Plain JavaScript, so the server, its bench scripts and the browser tests' database helpers all pick
 * the driver by this one rule.
 */
const driver = Number(process.versions.napi) >= 10 ? "better-sqlite3" : "better-sqlite3-v12";

export const SQLite = createRequire(import.meta.url)(driver);
