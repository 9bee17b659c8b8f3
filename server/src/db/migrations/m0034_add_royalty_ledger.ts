import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import { dialectOf } from "./dialect";

const required = (c: ColumnDefinitionBuilder) => c.notNull();

/**
 * The royalty ledger: sources of statements, accounting periods, the files imported and their lines,
 * remembered manual matches, and each payee's statement of a closed period. Money in SEK is integer öre
 * (bigint: a period's sums pass the 32-bit range); an amount in a statement's own currency is kept as the
 * exact decimal text it was written as. A file's SHA-256 is unique, so the same statement is never imported
 * twice even by two requests at once; an import's lines go with it, and nothing that was imported or paid
 * can lose its source, period, work, recording or payee (a remembered match goes with its work or recording).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema
    .createTable("royalty_sources")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("kind", "text", (c) =>
      c.notNull().check(sql`kind in ('distributor', 'society', 'publisher', 'youtube', 'sync')`),
    )
    .addColumn("mapping_key", "text", (c) =>
      c.notNull().check(sql`mapping_key in ('distrokid_tsv', 'tunecore_csv', 'society_sek', 'custom')`),
    )
    .addColumn("mapping", t.json)
    .addColumn("default_currency", "text", (c) => c.notNull().defaultTo("SEK"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createTable("royalty_periods")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("name", "text", required)
    .addColumn("starts_on", t.date, required)
    .addColumn("ends_on", t.date, required)
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("open").check(sql`status in ('open', 'previewed', 'closed')`),
    )
    .addColumn("received_ore", t.bigint)
    .addColumn("suspense_ore", t.bigint)
    .addColumn("suspense", t.json)
    .addColumn("closed_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addCheckConstraint("royalty_periods_dates", sql`starts_on <= ends_on`)
    .execute();
  await db.schema
    .createTable("royalty_imports")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("source_id", t.uuid, (c) => c.notNull().references("royalty_sources.id").onDelete("restrict"))
    .addColumn("period_id", t.uuid, (c) => c.notNull().references("royalty_periods.id").onDelete("restrict"))
    .addColumn("file_name", "text", required)
    .addColumn("file_sha256", "text", (c) => c.notNull().unique())
    .addColumn("encoding", "text", required)
    .addColumn("currency", "text", required)
    .addColumn("rate", "text")
    .addColumn("lines", "integer", required)
    .addColumn("matched", "integer", required)
    .addColumn("unmatched", "integer", required)
    .addColumn("total_ore", t.bigint, required)
    .addColumn("created_by", t.uuid)
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex("royalty_imports_period_id_idx")
    .on("royalty_imports")
    .column("period_id")
    .execute();
  await db.schema
    .createTable("royalty_lines")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("import_id", t.uuid, (c) => c.notNull().references("royalty_imports.id").onDelete("cascade"))
    .addColumn("row_number", "integer", required)
    .addColumn("usage_period", "text")
    .addColumn("store", "text")
    .addColumn("territory", "text")
    .addColumn("isrc", "text")
    .addColumn("upc", "text")
    .addColumn("iswc", "text")
    .addColumn("work_number", "text")
    .addColumn("title", "text")
    .addColumn("artist", "text")
    .addColumn("right_type", "text")
    .addColumn("quantity", "text")
    .addColumn("amount", "text", required)
    .addColumn("currency", "text", required)
    .addColumn("amount_ore", t.bigint, required)
    .addColumn("work_id", t.uuid, (c) => c.references("works.id").onDelete("restrict"))
    .addColumn("recording_id", t.uuid, (c) => c.references("recordings.id").onDelete("restrict"))
    .addColumn("match_method", "text", (c) =>
      c.check(
        sql`match_method in ('isrc', 'upc_title', 'iswc', 'work_number', 'title_writer', 'alias', 'manual')`,
      ),
    )
    .execute();
  await db.schema
    .createIndex("royalty_lines_import_id_idx")
    .on("royalty_lines")
    .columns(["import_id", "row_number"])
    .execute();
  await db.schema
    .createTable("royalty_aliases")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("source_id", t.uuid, (c) => c.notNull().references("royalty_sources.id").onDelete("cascade"))
    .addColumn("identifier_kind", "text", (c) =>
      c.notNull().check(sql`identifier_kind in ('isrc', 'upc', 'iswc', 'work_number', 'title')`),
    )
    .addColumn("identifier", "text", required)
    .addColumn("work_id", t.uuid, (c) => c.references("works.id").onDelete("cascade"))
    .addColumn("recording_id", t.uuid, (c) => c.references("recordings.id").onDelete("cascade"))
    .addColumn("created_by", t.uuid)
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addUniqueConstraint("royalty_aliases_identifier_key", ["source_id", "identifier_kind", "identifier"])
    .execute();
  await db.schema
    .createTable("royalty_statements")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("period_id", t.uuid, (c) => c.notNull().references("royalty_periods.id").onDelete("restrict"))
    .addColumn("payee_id", t.uuid, (c) => c.notNull().references("royalty_payees.id").onDelete("restrict"))
    .addColumn("opening_balance_ore", t.bigint, required)
    .addColumn("earnings_ore", t.bigint, required)
    .addColumn("fee_ore", t.bigint, required)
    .addColumn("reserve_held_ore", t.bigint, required)
    .addColumn("reserve_released_ore", t.bigint, required)
    .addColumn("advances_ore", t.bigint, required)
    .addColumn("recouped_ore", t.bigint, required)
    .addColumn("unrecouped_ore", t.bigint, required)
    .addColumn("closing_balance_ore", t.bigint, required)
    .addColumn("payable_ore", t.bigint, required)
    .addColumn("carried_forward_ore", t.bigint, required)
    .addColumn("breakdown", t.json, required)
    .addColumn("reserves_outstanding", t.json, (c) =>
      c.notNull().defaultTo(t.isPostgres ? sql`'[]'::jsonb` : "[]"),
    )
    .addColumn("self_billing_number", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addUniqueConstraint("royalty_statements_period_payee_key", ["period_id", "payee_id"])
    .execute();
  for (const table of LEDGER_TABLES) await t.notifyOnChange(table);
}

const LEDGER_TABLES = [
  "royalty_sources",
  "royalty_periods",
  "royalty_imports",
  "royalty_lines",
  "royalty_aliases",
  "royalty_statements",
];

/** Undoes up, so an older release's schema can be rebuilt (a restore, a test of migrating forward). */
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [...LEDGER_TABLES].reverse()) await db.schema.dropTable(table).execute();
}
