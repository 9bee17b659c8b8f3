import { PostgresAdapter } from "kysely";
import type { Db, Engine } from "./database";

/** Which engine a connection or transaction runs on, for the few statements the two spell differently. */
export const engineOf = (db: Db): Engine =>
  db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";

export const isPostgres = (db: Db) => engineOf(db) === "postgres";
