import { type Kysely, sql } from "kysely";
import { dialectOf } from "./dialect";

/** The text columns the talent search looks in (the web app's contact search). */
const SEARCHED = ["first_name", "last_name", "stage_name", "email"] as const;

/**
 * Indexes that keep the CRM's lists as cheap at 100,000 rows as at 1,000: each list's filter and order
 * as one index walk (the active contacts by name, the deal board by position), and on PostgreSQL trigram
 * indexes for the `ilike '%word%'` search and a GIN index for the role filter (`roles @> '{…}'`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema
    .createIndex("crm_contacts_active_by_name_idx")
    .on("crm_contacts")
    .columns(["kind", "last_name", "first_name", "id"])
    .where(sql.ref("archived_at"), "is", null)
    .execute();
  await db.schema
    .createIndex("crm_deals_board_idx")
    .on("crm_deals")
    .columns(["position", "created_at", "id"])
    .execute();
  if (!t.isPostgres) return;
  // pg_trgm is a trusted extension: the database's owner may create it without being a superuser.
  await sql`create extension if not exists pg_trgm`.execute(db);
  for (const column of SEARCHED) {
    await sql`create index ${sql.raw(`crm_contacts_${column}_trgm_idx`)} on crm_contacts
      using gin (${sql.ref(column)} gin_trgm_ops)`.execute(db);
  }
  await sql`create index crm_contacts_roles_idx on crm_contacts using gin (roles)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  if (t.isPostgres) {
    await db.schema.dropIndex("crm_contacts_roles_idx").execute();
    for (const column of SEARCHED) await db.schema.dropIndex(`crm_contacts_${column}_trgm_idx`).execute();
  }
  await db.schema.dropIndex("crm_deals_board_idx").execute();
  await db.schema.dropIndex("crm_contacts_active_by_name_idx").execute();
}
