import { type Kysely, sql } from "kysely";
import { dialectOf } from "./dialect";

const oneOf = (column: string, values: string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;

const MB = 1024 * 1024;
/** What a delivery is: audio masters and mixes, zipped stems, lyric and split sheets, artwork. */
const DELIVERY_TYPES = [
  "audio/wav",
  "audio/aiff",
  "audio/flac",
  "audio/mpeg",
  "application/zip",
  "application/pdf",
  "image/png",
  "image/jpeg",
];

/**
 * Deliverables of a project, every uploaded version of one (a new object of the private `deliverables`
 * bucket each time, never overwritten, numbered per deliverable), and the client approval links: only
 * each token's hash is kept, like the signing links. A version's number is unique per deliverable, so two
 * uploads at once cannot both become version 2.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema
    .createTable("deliverables")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("project_id", t.uuid, (c) => c.notNull().references("projects.id").onDelete("restrict"))
    .addColumn("kind", "text", (c) =>
      c
        .notNull()
        .check(
          oneOf("kind", [
            "master_wav",
            "stems",
            "instrumental",
            "tv_mix",
            "a_cappella",
            "lyric_sheet",
            "split_sheet",
            "artwork",
            "other",
          ]),
        ),
    )
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("format", "text")
    .addColumn("sample_rate_hz", "integer")
    .addColumn("bit_depth", "integer")
    .addColumn("loudness_target_lufs", "text")
    .addColumn("due_date", t.date)
    .addColumn("assignee_id", t.uuid)
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(oneOf("status", ["pending", "in_progress", "submitted", "changes_requested", "approved"])),
    )
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("deliverables_project_idx").on("deliverables").column("project_id").execute();
  await db.schema
    .createIndex("deliverables_assignee_due_idx")
    .on("deliverables")
    .columns(["assignee_id", "due_date"])
    .execute();
  await t.notifyOnChange("deliverables");

  await db.schema
    .createTable("deliverable_versions")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("deliverable_id", t.uuid, (c) =>
      c.notNull().references("deliverables.id").onDelete("restrict"),
    )
    .addColumn("version", "integer", (c) => c.notNull().check(sql`version >= 1`))
    .addColumn("object_path", "text", (c) => c.notNull().unique())
    .addColumn("sha256", "text", (c) => c.notNull().check(sql`length(sha256) = 64`))
    .addColumn("size", "integer", (c) => c.notNull().check(sql`size >= 0`))
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("uploaded_by", t.uuid)
    .addColumn("uploaded_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("approval_state", "text", (c) =>
      c.check(oneOf("approval_state", ["awaiting", "approved", "changes_requested", "superseded"])),
    )
    .addColumn("approval_requested_at", t.timestamp)
    .addColumn("decided_at", t.timestamp)
    .addColumn("decision_comment", "text")
    .addUniqueConstraint("deliverable_versions_number_key", ["deliverable_id", "version"])
    .execute();
  await db.schema
    .createIndex("deliverable_versions_awaiting_idx")
    .on("deliverable_versions")
    .columns(["approval_state", "approval_requested_at"])
    .execute();
  await t.notifyOnChange("deliverable_versions");

  await db.schema
    .createTable("deliverable_approval_links")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("version_id", t.uuid, (c) =>
      c.notNull().references("deliverable_versions.id").onDelete("cascade"),
    )
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .addColumn("used_at", t.timestamp)
    .addColumn("created_by", t.uuid)
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("deliverable_approval_links_version_idx")
    .on("deliverable_approval_links")
    .column("version_id")
    .execute();

  const list = (items: string[]) => (t.isPostgres ? items : JSON.stringify(items));
  await db
    .insertInto("storage_buckets")
    .values({
      id: "deliverables",
      name: "deliverables",
      public: t.isPostgres ? false : 0,
      file_size_limit: 500 * MB,
      allowed_mime_types: list(DELIVERY_TYPES),
    })
    .execute();
}

/** Undoes up, so an older release's schema can be rebuilt (a restore, a test of migrating forward). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom("storage_objects").where("bucket_id", "=", "deliverables").execute();
  await db.deleteFrom("storage_buckets").where("id", "=", "deliverables").execute();
  for (const table of ["deliverable_approval_links", "deliverable_versions", "deliverables"])
    await db.schema.dropTable(table).execute();
}
