import { type Kysely, sql } from "kysely";
import { dialectOf } from "./dialect";

/**
 * The data API's tables whose rows the realtime feed announces: every table but `royalty_lines`, which a
 * statement import fills by the thousand in one transaction and nobody watches live (a trigger per line
 * would about double an import's cost). A table added later logs its rows in its own migration.
 */
const LOGGED = [
  "events",
  "crm_contacts",
  "crm_companies",
  "crm_deals",
  "crm_briefs",
  "crm_brief_talent",
  "crm_activity",
  "portfolio_items",
  "legal_clauses",
  "legal_templates",
  "legal_documents",
  "studio_rooms",
  "studio_sessions",
  "studio_session_talent",
  "company_settings",
  "projects",
  "project_members",
  "project_milestones",
  "deliverables",
  "deliverable_versions",
  "invoices",
  "invoice_lines",
  "invoice_payments",
  "works",
  "work_writers",
  "work_split_sheets",
  "recordings",
  "royalty_payees",
  "recording_payees",
  "royalty_sources",
  "royalty_periods",
  "royalty_imports",
  "royalty_aliases",
  "royalty_statements",
  "royalty_statement_mailings",
  "royalty_advances",
] as const;

/**
 * `row_changes`: the rows written to the data API's tables, appended by triggers in the writing
 * transaction, so every writer (the data API, RPCs, the CLI, jobs, another node) is seen alike and a
 * rolled-back write leaves nothing. `id` is the order of appending; on PostgreSQL `tx` groups a
 * transaction's rows, which its commit notifies. The server prunes rows after a few minutes: a log for
 * delivery, not history.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema
    .createTable("row_changes")
    .addColumn("id", t.serial, t.serialKey)
    .addColumn("table_name", "text", (c) => c.notNull())
    .addColumn("op", "text", (c) => c.notNull().check(sql`op in ('INSERT', 'UPDATE', 'DELETE')`))
    .addColumn("tx", t.bigint)
    .addColumn("row", t.json, (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  if (t.isPostgres) await db.schema.createIndex("row_changes_tx").on("row_changes").column("tx").execute();
  for (const table of LOGGED) await t.logRowChanges(table);
}

/** Undoes up, so an older release's schema can be rebuilt (a restore, a test of migrating forward). */
export async function down(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  for (const table of LOGGED) await t.stopLoggingRowChanges(table);
  if (t.isPostgres) await sql`drop function if exists app_log_row_change()`.execute(db);
  await db.schema.dropTable("row_changes").execute();
}
