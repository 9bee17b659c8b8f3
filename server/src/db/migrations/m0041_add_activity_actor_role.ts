import { type Kysely, sql } from "kysely";

/**
 * Who made a timeline row's change when no person did: `service_role` for a server-side integration's
 * write with the service key. Null with an actor_id (a person), and null on older rows and the server's
 * own jobs. actor_id stays a person's id only, so no made-up user stands for the service.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("crm_activity")
    .addColumn("actor_role", "text", (c) => c.check(sql`actor_role in ('service_role')`))
    .execute();
}

/** Undoes up, so an older release's schema can be rebuilt (a restore, a test of migrating forward). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("crm_activity").dropColumn("actor_role").execute();
}
