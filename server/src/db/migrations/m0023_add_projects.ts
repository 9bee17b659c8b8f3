import { type Kysely, sql } from "kysely";
import { dialectOf } from "./dialect";

const oneOf = (column: string, values: readonly (string | number)[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;

/**
 * Projects: the agreed work the business bills. A project's code (P-2026-014) numbers it within its
 * year; `project_code_counters` holds each year's last number, taken by an upsert inside the insert's
 * transaction, so two projects created at once never share a code on either engine. A project has a
 * team, milestones (whose billing shares the server holds to 100 % in all), and the studio sessions and
 * portfolio works that belong to it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema
    .createTable("project_code_counters")
    .addColumn("year", "integer", (c) => c.primaryKey())
    .addColumn("last_number", "integer", (c) => c.notNull().check(sql`last_number > 0`))
    .execute();

  await db.schema
    .createTable("projects")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    // The data API always writes the numbered code; a row written around it (a script, an import) still
    // gets a unique one, in a shape no numbered code has.
    .addColumn("code", "text", (c) =>
      c
        .notNull()
        .unique()
        .defaultTo(
          t.isPostgres
            ? sql`('P-' || substr(md5(random()::text), 1, 12))`
            : sql`('P-' || lower(hex(randomblob(6))))`,
        ),
    )
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("company_id", t.uuid, (c) => c.references("crm_companies.id").onDelete("set null"))
    .addColumn("contact_id", t.uuid, (c) => c.references("crm_contacts.id").onDelete("set null"))
    .addColumn("kind", "text", (c) =>
      c
        .notNull()
        .defaultTo("production")
        .check(oneOf("kind", ["production", "co-write", "mix", "master", "sync", "event"])),
    )
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("lead")
        .check(oneOf("status", ["lead", "active", "delivered", "invoiced", "closed", "cancelled"])),
    )
    .addColumn("start_date", t.date)
    .addColumn("due_date", t.date)
    .addColumn("budget_ore", t.bigint, (c) => c.notNull().defaultTo(0).check(sql`budget_ore >= 0`))
    .addColumn("fee_model", "text", (c) =>
      c
        .notNull()
        .defaultTo("fixed")
        .check(oneOf("fee_model", ["fixed", "hourly", "daily"])),
    )
    .addColumn("default_vat_rate", "integer", (c) =>
      c
        .notNull()
        .defaultTo(25)
        .check(oneOf("default_vat_rate", [25, 12, 6, 0])),
    )
    .addColumn("notes", "text")
    .addColumn("legal_document_id", t.uuid, (c) => c.references("legal_documents.id").onDelete("set null"))
    .addColumn("deal_id", t.uuid, (c) => c.unique().references("crm_deals.id").onDelete("set null"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addCheckConstraint(
      "projects_due_after_start",
      sql`start_date is null or due_date is null or due_date >= start_date`,
    )
    .execute();
  await db.schema.createIndex("projects_status_idx").on("projects").column("status").execute();
  await db.schema.createIndex("projects_company_id_idx").on("projects").column("company_id").execute();
  await db.schema.createIndex("projects_due_date_idx").on("projects").column("due_date").execute();
  await t.notifyOnChange("projects");

  await db.schema
    .createTable("project_members")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("project_id", t.uuid, (c) => c.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("contact_id", t.uuid, (c) => c.notNull().references("crm_contacts.id").onDelete("cascade"))
    .addColumn("role", "text", (c) =>
      c.notNull().check(oneOf("role", ["producer", "engineer", "writer", "artist", "coordinator"])),
    )
    .addColumn("rate_ore", t.bigint, (c) => c.check(sql`rate_ore is null or rate_ore >= 0`))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addUniqueConstraint("project_members_project_contact_role_key", ["project_id", "contact_id", "role"])
    .execute();
  await t.notifyOnChange("project_members");

  await db.schema
    .createTable("project_milestones")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("project_id", t.uuid, (c) => c.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("due_date", t.date)
    .addColumn("billing_share_bp", "integer", (c) =>
      c.check(sql`billing_share_bp is null or billing_share_bp between 0 and 10000`),
    )
    .addColumn("reached_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex("project_milestones_project_id_idx")
    .on("project_milestones")
    .column("project_id")
    .execute();
  await t.notifyOnChange("project_milestones");

  for (const table of ["studio_sessions", "portfolio_items"]) {
    await db.schema
      .alterTable(table)
      .addColumn("project_id", t.uuid, (c) => c.references("projects.id").onDelete("set null"))
      .execute();
    await db.schema.createIndex(`${table}_project_id_idx`).on(table).column("project_id").execute();
  }
}

/** Undoes up, so an older release's schema can be rebuilt (a restore, a test of migrating forward). */
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["studio_sessions", "portfolio_items"]) {
    await db.schema.dropIndex(`${table}_project_id_idx`).execute();
    await db.schema.alterTable(table).dropColumn("project_id").execute();
  }
  for (const table of ["project_milestones", "project_members", "projects", "project_code_counters"]) {
    await db.schema.dropTable(table).execute();
  }
}
