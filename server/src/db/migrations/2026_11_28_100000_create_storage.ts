import { type Kysely, sql } from "kysely";
import { dialectOf } from "./dialect";

const MB = 1024 * 1024;
const IMAGES = ["image/png", "image/jpeg", "image/webp", "image/avif"];
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/**
 * File storage: the buckets (fixed here, read-only through the API), each object's metadata and, on
 * PostgreSQL, the objects' bytes in chunks, so every node of a deployment serves the same files. With
 * SQLite the bytes are files under STORAGE_DIR and only the metadata lives here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema
    .createTable("storage_buckets")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("public", t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn("file_size_limit", t.bigint, (c) => c.notNull().check(sql`file_size_limit > 0`))
    .addColumn("allowed_mime_types", t.textArray, (c) => t.listColumn(c, "allowed_mime_types"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  const list = (items: string[]) => (t.isPostgres ? items : JSON.stringify(items));
  const bool = (v: boolean) => (t.isPostgres ? v : v ? 1 : 0);
  await db
    .insertInto("storage_buckets")
    .values([
      {
        id: "event-posters",
        name: "event-posters",
        public: bool(true),
        file_size_limit: 5 * MB,
        allowed_mime_types: list(IMAGES),
      },
      {
        id: "portfolio-media",
        name: "portfolio-media",
        public: bool(true),
        file_size_limit: 50 * MB,
        allowed_mime_types: list(IMAGES),
      },
      {
        id: "documents",
        name: "documents",
        public: bool(false),
        file_size_limit: 25 * MB,
        allowed_mime_types: list(["application/pdf", DOCX]),
      },
    ])
    .execute();
  await t.notifyOnChange("storage_buckets");

  await db.schema
    .createTable("storage_objects")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("bucket_id", "text", (c) => c.notNull().references("storage_buckets.id"))
    .addColumn("name", "text", (c) => c.notNull().check(sql`length(name) between 1 and 1024`))
    // The bytes of this version: a new upload gets a new blob, so a half-written one is never served.
    .addColumn("blob_id", t.uuid, (c) => c.notNull().unique())
    .addColumn("size", t.bigint, (c) => c.notNull().check(sql`size >= 0`))
    .addColumn("mimetype", "text", (c) => c.notNull())
    .addColumn("etag", "text", (c) => c.notNull())
    .addColumn("cache_control", "integer", (c) => c.notNull().defaultTo(3600))
    .addColumn("owner", t.uuid)
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addUniqueConstraint("storage_objects_bucket_name_key", ["bucket_id", "name"])
    .execute();

  if (t.isPostgres) {
    await db.schema
      .createTable("storage_blobs")
      .addColumn("blob_id", "uuid", (c) => c.notNull())
      .addColumn("seq", "integer", (c) => c.notNull().check(sql`seq >= 0`))
      .addColumn("data", "bytea", (c) => c.notNull())
      .addPrimaryKeyConstraint("storage_blobs_pkey", ["blob_id", "seq"])
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("storage_blobs").ifExists().execute();
  await db.schema.dropTable("storage_objects").execute();
  await db.schema.dropTable("storage_buckets").execute();
}
