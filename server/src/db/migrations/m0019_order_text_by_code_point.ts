import { type Kysely, sql } from "kysely";
import { dialectOf } from "./dialect";

/**
 * The data API orders and compares text by code point on both engines (`collate "C"` on PostgreSQL,
 * SQLite's BINARY), whatever the PostgreSQL database's locale. An index only serves an order in its own
 * collation, so the indexes the lists walk in name order are rebuilt in "C" order. Columns keep the
 * database's collation: ILIKE folds case by it, and "C" would fold ASCII letters only.
 */
const ORDERED_INDEXES = [
  { name: "crm_contacts_name_idx", on: "crm_contacts", columns: ["last_name", "first_name"], where: "" },
  {
    name: "crm_contacts_active_by_name_idx",
    on: "crm_contacts",
    columns: ["kind", "last_name", "first_name", "id"],
    where: "where archived_at is null",
  },
  { name: "crm_companies_name_idx", on: "crm_companies", columns: ["name"], where: "" },
] as const;

/** The columns compared by code point: the names (kind is only ever matched for equality). */
const CODE_POINT_ORDERED = new Set(["last_name", "first_name", "name"]);

async function rebuild(db: Kysely<any>, collated: boolean) {
  for (const index of ORDERED_INDEXES) {
    const columns = index.columns.map((c) =>
      collated && CODE_POINT_ORDERED.has(c) ? sql`${sql.ref(c)} collate "C"` : sql.ref(c),
    );
    await sql`drop index ${sql.ref(index.name)}`.execute(db);
    await sql`create index ${sql.ref(index.name)} on ${sql.table(index.on)} (${sql.join(columns)}) ${sql.raw(
      index.where,
    )}`.execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  // SQLite's BINARY order of UTF-8 text already is code point order.
  if (dialectOf(db).isPostgres) await rebuild(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db).isPostgres) await rebuild(db, false);
}
