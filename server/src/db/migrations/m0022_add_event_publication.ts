import type { Kysely } from "kysely";
import { dialectOf } from "./dialect";

/**
 * Events get a draft state: a new event is a draft, seen by staff only, until it is published. The events
 * already there were public before drafts existed, so they start out published and the site keeps them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema
    .alterTable("events")
    .addColumn("published", t.boolean, (c) => c.notNull().defaultTo(t.false))
    .execute();
  await db.updateTable("events").set({ published: true }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("events").dropColumn("published").execute();
}
