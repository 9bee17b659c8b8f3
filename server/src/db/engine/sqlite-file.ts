import type SQLite from "better-sqlite3";
import { SQLite as SQLiteDriver } from "./sqlite-driver.mjs";

/** Every better-sqlite3 handle of the server opens here, so each uses the driver its Node can run. */
export function openSqliteFile(path: string, options: SQLite.Options = {}): SQLite.Database {
  return new SQLiteDriver(path, options);
}
