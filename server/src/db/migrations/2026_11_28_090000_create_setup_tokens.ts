import type { Kysely } from "kysely";
import { dialectOf } from "./dialect";

/**
 * The first-run setup link: while no administrator exists, each start issues one (stored hashed, single
 * use, one hour) that lets whoever reads the server's log create the first administrator.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema
    .createTable("setup_tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("setup_tokens").execute();
}
