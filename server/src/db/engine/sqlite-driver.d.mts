import type Database from "better-sqlite3";

/** The better-sqlite3 constructor this Node can run. */
export declare const SQLite: typeof Database;
