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
  if (!t.isPostgres) {
    await createSqliteSearchIndex(db);
    return;
  }
  // pg_trgm is a trusted extension: the database's owner may create it without being a superuser.
  await sql`create extension if not exists pg_trgm`.execute(db);
  for (const column of SEARCHED) {
    await sql`create index ${sql.raw(`crm_contacts_${column}_trgm_idx`)} on crm_contacts
      using gin (${sql.ref(column)} gin_trgm_ops)`.execute(db);
  }
  await sql`create index crm_contacts_roles_idx on crm_contacts using gin (roles)`.execute(db);
}

/**
 * SQLite: a trigram FTS5 index over the searched columns, reading the text from crm_contacts itself
 * (external content, matched by rowid) and kept in step by triggers. The rowids are stable because nothing
 * here runs VACUUM, which may renumber them; after a manual VACUUM, rebuild it:
 * `insert into crm_contacts_search(crm_contacts_search) values ('rebuild')`.
 */
async function createSqliteSearchIndex(db: Kysely<any>) {
  const columns = SEARCHED.join(", ");
  const values = (row: "new" | "old") => SEARCHED.map((c) => `${row}.${c}`).join(", ");
  await sql
    .raw(`create virtual table crm_contacts_search using fts5(${columns},
      content = 'crm_contacts', content_rowid = 'rowid', tokenize = 'trigram')`)
    .execute(db);
  await sql
    .raw(`create trigger crm_contacts_search_insert after insert on crm_contacts begin
      insert into crm_contacts_search (rowid, ${columns}) values (new.rowid, ${values("new")});
    end`)
    .execute(db);
  await sql
    .raw(`create trigger crm_contacts_search_delete after delete on crm_contacts begin
      insert into crm_contacts_search (crm_contacts_search, rowid, ${columns})
        values ('delete', old.rowid, ${values("old")});
    end`)
    .execute(db);
  await sql
    .raw(`create trigger crm_contacts_search_update after update of ${columns} on crm_contacts begin
      insert into crm_contacts_search (crm_contacts_search, rowid, ${columns})
        values ('delete', old.rowid, ${values("old")});
      insert into crm_contacts_search (rowid, ${columns}) values (new.rowid, ${values("new")});
    end`)
    .execute(db);
  await sql.raw(`insert into crm_contacts_search (crm_contacts_search) values ('rebuild')`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  if (!t.isPostgres) {
    for (const trigger of ["insert", "delete", "update"]) {
      await sql.raw(`drop trigger crm_contacts_search_${trigger}`).execute(db);
    }
    await sql`drop table crm_contacts_search`.execute(db);
  }
  if (t.isPostgres) {
    await db.schema.dropIndex("crm_contacts_roles_idx").execute();
    for (const column of SEARCHED) await db.schema.dropIndex(`crm_contacts_${column}_trgm_idx`).execute();
  }
  await db.schema.dropIndex("crm_deals_board_idx").execute();
  await db.schema.dropIndex("crm_contacts_active_by_name_idx").execute();
}
