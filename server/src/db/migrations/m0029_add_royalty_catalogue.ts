import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import { dialectOf } from "./dialect";

const oneOf = (column: string, values: readonly string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;

const share =
  (column: string, min = 0) =>
  (c: ColumnDefinitionBuilder) =>
    c.notNull().check(sql`${sql.ref(column)} between ${sql.lit(min)} and 10000`);

/**
 * The royalty catalogue: works with their writers and manuscript shares, recordings with their master
 * payees, and the payees royalties go to. A work's submitter id (W000001, CWR's Submitter Work #) is
 * numbered from `royalty_counters`, taken by an upsert inside the insert's transaction, so two works never
 * share one on either engine. Shares are basis points; that a work's (or a recording's) shares add up to at
 * most 100 % needs all its rows, and that a payee is a contact or a company (not both) two columns, so
 * the server checks both. company_settings gains what a CWR file says of
 * the business as publisher: its IPI name number, its CISAC sender code and its societies.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  const stamps = (table: ReturnType<typeof db.schema.createTable>) =>
    table
      .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
      .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now));

  await db.schema
    .createTable("royalty_counters")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("last_number", "integer", (c) => c.notNull().check(sql`last_number > 0`))
    .execute();

  await stamps(
    db.schema
      .createTable("works")
      .addColumn("id", t.uuid, (c) => c.primaryKey())
      // The data API always writes the numbered id; a row written around it still gets a unique one.
      .addColumn("submitter_work_id", "text", (c) =>
        c
          .notNull()
          .unique()
          .defaultTo(
            t.isPostgres
              ? sql`('X' || upper(substr(md5(random()::text), 1, 13)))`
              : sql`('X' || upper(substr(hex(randomblob(7)), 1, 13)))`,
          ),
      )
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("alternate_titles", t.textArray, (c) => t.listColumn(c, "alternate_titles"))
      .addColumn("iswc", "text", (c) => c.unique())
      .addColumn("portfolio_item_id", t.uuid, (c) => c.references("portfolio_items.id").onDelete("set null")),
  ).execute();
  await t.notifyOnChange("works");

  await stamps(
    db.schema
      .createTable("work_writers")
      .addColumn("id", t.uuid, (c) => c.primaryKey())
      .addColumn("work_id", t.uuid, (c) => c.notNull().references("works.id").onDelete("cascade"))
      .addColumn("contact_id", t.uuid, (c) => c.notNull().references("crm_contacts.id").onDelete("restrict"))
      .addColumn("ipi_name_number", "text")
      .addColumn("society_code", "text")
      .addColumn("role", "text", (c) => c.notNull().check(oneOf("role", ["CA", "C", "A", "AR", "AD", "TR"])))
      .addColumn("controlled", t.boolean, (c) => c.notNull().defaultTo(t.false))
      .addColumn("manuscript_share_bp", "integer", share("manuscript_share_bp"))
      .addColumn("publisher_fee_bp", "integer", (c) =>
        c.check(sql`publisher_fee_bp is null or publisher_fee_bp between 0 and 10000`),
      )
      .addUniqueConstraint("work_writers_work_contact_key", ["work_id", "contact_id"]),
  ).execute();
  await t.notifyOnChange("work_writers");

  await stamps(
    db.schema
      .createTable("recordings")
      .addColumn("id", t.uuid, (c) => c.primaryKey())
      .addColumn("work_id", t.uuid, (c) => c.references("works.id").onDelete("set null"))
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("isrc", "text", (c) => c.unique())
      .addColumn("upcs", t.textArray, (c) => t.listColumn(c, "upcs"))
      .addColumn("duration_seconds", "integer", (c) =>
        c.check(sql`duration_seconds is null or duration_seconds between 1 and 86400`),
      )
      .addColumn("artist", "text")
      .addColumn("portfolio_item_id", t.uuid, (c) => c.references("portfolio_items.id").onDelete("set null")),
  ).execute();
  await t.notifyOnChange("recordings");

  await stamps(
    db.schema
      .createTable("royalty_payees")
      .addColumn("id", t.uuid, (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("contact_id", t.uuid, (c) => c.unique().references("crm_contacts.id").onDelete("set null"))
      .addColumn("company_id", t.uuid, (c) => c.unique().references("crm_companies.id").onDelete("set null"))
      .addColumn("payout_details", "text")
      .addColumn("publisher_fee_bp", "integer", (c) =>
        c.notNull().defaultTo(0).check(sql`publisher_fee_bp between 0 and 10000`),
      )
      .addColumn("vat_registered", t.boolean, (c) => c.notNull().defaultTo(t.false)),
  ).execute();
  await t.notifyOnChange("royalty_payees");

  await stamps(
    db.schema
      .createTable("recording_payees")
      .addColumn("id", t.uuid, (c) => c.primaryKey())
      .addColumn("recording_id", t.uuid, (c) => c.notNull().references("recordings.id").onDelete("cascade"))
      .addColumn("payee_id", t.uuid, (c) => c.notNull().references("royalty_payees.id").onDelete("restrict"))
      .addColumn("share_bp", "integer", share("share_bp", 1))
      .addUniqueConstraint("recording_payees_recording_payee_key", ["recording_id", "payee_id"]),
  ).execute();
  await t.notifyOnChange("recording_payees");

  for (const [table, column] of [
    ["work_writers", "work_id"],
    ["work_writers", "contact_id"],
    ["recordings", "work_id"],
    ["recording_payees", "payee_id"],
  ] as const) {
    await db.schema.createIndex(`${table}_${column}_idx`).on(table).column(column).execute();
  }

  await db.schema.alterTable("company_settings").addColumn("cwr_publisher_ipi", "text").execute();
  await db.schema.alterTable("company_settings").addColumn("cwr_sender_code", "text").execute();
  await db.schema.alterTable("company_settings").addColumn("cwr_pr_society", "text").execute();
  await db.schema.alterTable("company_settings").addColumn("cwr_mr_society", "text").execute();
}

/** Undoes up, so an older release's schema can be rebuilt (a restore, a test of migrating forward). */
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ["cwr_mr_society", "cwr_pr_society", "cwr_sender_code", "cwr_publisher_ipi"]) {
    await db.schema.alterTable("company_settings").dropColumn(column).execute();
  }
  for (const table of [
    "recording_payees",
    "royalty_payees",
    "recordings",
    "work_writers",
    "works",
    "royalty_counters",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
