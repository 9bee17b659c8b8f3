import type { Kysely } from "kysely";
import { dialectOf } from "./dialect";

/**
 * An account can be blocked until a moment (`banned_until`, GoTrue's column) and remembers when it was
 * last invited (`invited_at`), which the back office's team list shows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema.alterTable("users").addColumn("banned_until", t.timestamp).execute();
  await db.schema.alterTable("users").addColumn("invited_at", t.timestamp).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("invited_at").execute();
  await db.schema.alterTable("users").dropColumn("banned_until").execute();
}
