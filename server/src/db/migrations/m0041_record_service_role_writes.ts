import { type Kysely, sql } from "kysely";

/**
 * Who made a change when no person did: `service_role` for a server-side integration's write with the
 * service key, on the CRM timeline (beside actor_id) and on a stored object (beside owner). Null with a
 * person's id, on older rows and on what the server writes itself. The id columns stay people's ids only,
 * so no made-up user stands for the service.
 */
const COLUMNS = [
  ["crm_activity", "actor_role"],
  ["storage_objects", "owner_role"],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, column] of COLUMNS) {
    await db.schema
      .alterTable(table)
      .addColumn(column, "text", (c) => c.check(sql`${sql.ref(column)} in ('service_role')`))
      .execute();
  }
}

/** Undoes up, so an older release's schema can be rebuilt (a restore, a test of migrating forward). */
export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, column] of COLUMNS) await db.schema.alterTable(table).dropColumn(column).execute();
}
