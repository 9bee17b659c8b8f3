import { type Kysely, sql } from "kysely";
import { dialectOf } from "./dialect";

const oneOf = (column: string, values: string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;

/**
 * The CRM beyond talent: companies, deals, briefs and the talent they source, and the timeline every
 * change writes to; contacts gain a kind, a company, contact and rights details, archiving and the time
 * of their newest activity.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema
    .createTable("crm_companies")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("org_number", "text")
    .addColumn("kind", "text", (c) =>
      c
        .notNull()
        .defaultTo("other")
        .check(oneOf("kind", ["label", "publisher", "venue", "brand", "studio", "other"])),
    )
    .addColumn("website", "text")
    .addColumn("city", "text")
    .addColumn("notes", "text")
    .addColumn("archived_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("crm_companies_name_idx").on("crm_companies").column("name").execute();
  await t.notifyOnChange("crm_companies");

  for (const [name, type, build] of [
    [
      "kind",
      "text",
      (c: any) =>
        c
          .notNull()
          .defaultTo("talent")
          .check(oneOf("kind", ["talent", "industry"])),
    ],
    ["company_id", t.uuid, (c: any) => c.references("crm_companies.id").onDelete("set null")],
    ["phone", "text", (c: any) => c],
    ["pro_society", "text", (c: any) => c],
    ["ipi", "text", (c: any) => c],
    ["archived_at", t.timestamp, (c: any) => c],
    ["last_activity_at", t.timestamp, (c: any) => c],
  ] as const) {
    await db.schema.alterTable("crm_contacts").addColumn(name, type, build).execute();
  }
  await db.schema
    .createIndex("crm_contacts_company_id_idx")
    .on("crm_contacts")
    .column("company_id")
    .execute();
  await db.schema
    .createIndex("crm_contacts_last_activity_at_idx")
    .on("crm_contacts")
    .column("last_activity_at")
    .execute();

  await db.schema
    .createTable("crm_deals")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("company_id", t.uuid, (c) => c.references("crm_companies.id").onDelete("set null"))
    .addColumn("contact_id", t.uuid, (c) => c.references("crm_contacts.id").onDelete("set null"))
    .addColumn("stage", "text", (c) =>
      c
        .notNull()
        .defaultTo("prospect")
        .check(oneOf("stage", ["prospect", "negotiation", "contract", "won", "lost"])),
    )
    .addColumn("value_sek", t.bigint, (c) => c.notNull().defaultTo(0).check(sql`value_sek >= 0`))
    .addColumn("expected_close_on", t.date)
    .addColumn("owner_id", t.uuid)
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("crm_deals_stage_idx").on("crm_deals").columns(["stage", "position"]).execute();
  await t.notifyOnChange("crm_deals");

  await db.schema
    .createTable("crm_briefs")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("company_id", t.uuid, (c) => c.references("crm_companies.id").onDelete("set null"))
    .addColumn("description", "text")
    .addColumn("budget_sek", t.bigint, (c) => c.check(sql`budget_sek is null or budget_sek >= 0`))
    .addColumn("due_on", t.date)
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("draft")
        .check(oneOf("status", ["draft", "sourcing", "in_session", "in_review", "shipped"])),
    )
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex("crm_briefs_status_idx")
    .on("crm_briefs")
    .columns(["status", "position"])
    .execute();
  await t.notifyOnChange("crm_briefs");

  await db.schema
    .createTable("crm_brief_talent")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("brief_id", t.uuid, (c) => c.notNull().references("crm_briefs.id").onDelete("cascade"))
    .addColumn("contact_id", t.uuid, (c) => c.notNull().references("crm_contacts.id").onDelete("cascade"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addUniqueConstraint("crm_brief_talent_pair_unique", ["brief_id", "contact_id"])
    .execute();
  await t.notifyOnChange("crm_brief_talent");

  await db.schema
    .createTable("crm_activity")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("record_type", "text", (c) => c.notNull())
    .addColumn("record_id", t.uuid, (c) => c.notNull())
    .addColumn("action", "text", (c) =>
      c
        .notNull()
        .check(oneOf("action", ["created", "updated", "moved", "archived", "restored", "note", "deleted"])),
    )
    .addColumn("changes", t.json, (c) => t.objectColumn(c, "changes"))
    .addColumn("actor_id", t.uuid)
    .addColumn("note", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex("crm_activity_record_idx")
    .on("crm_activity")
    .columns(["record_type", "record_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("crm_activity_created_at_idx")
    .on("crm_activity")
    .column("created_at")
    .execute();
  await t.notifyOnChange("crm_activity");
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["crm_activity", "crm_brief_talent", "crm_briefs", "crm_deals"]) {
    await db.schema.dropTable(table).execute();
  }
  for (const column of [
    "last_activity_at",
    "archived_at",
    "ipi",
    "pro_society",
    "phone",
    "company_id",
    "kind",
  ]) {
    await db.schema.alterTable("crm_contacts").dropColumn(column).execute();
  }
  await db.schema.dropTable("crm_companies").execute();
}
