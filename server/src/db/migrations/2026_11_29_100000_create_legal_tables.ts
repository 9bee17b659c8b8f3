import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import { dialectOf } from "./dialect";

const oneOf = (column: string, values: string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;

/**
 * Legal documents: the clause library, templates, documents with their signing trail, and the hashed
 * single-use links signers follow. Mails gain the list of files they carried (the signed PDF).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  const jsonArray = (c: ColumnDefinitionBuilder, name: string) =>
    t.isPostgres
      ? c
          .notNull()
          .defaultTo(sql`'[]'::jsonb`)
          .check(sql`jsonb_typeof(${sql.ref(name)}) = 'array'`)
      : c
          .notNull()
          .defaultTo("[]")
          .check(sql`json_type(${sql.ref(name)}) = 'array'`);
  const sha256 = (name: string) => (c: ColumnDefinitionBuilder) =>
    c.check(
      t.isPostgres
        ? sql`${sql.ref(name)} ~ '^[0-9a-f]{64}$'`
        : sql`length(${sql.ref(name)}) = 64 and ${sql.ref(name)} not glob '*[^0-9a-f]*'`,
    );

  await db.schema
    .createTable("legal_clauses")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body_md", "text", (c) => c.notNull())
    .addColumn("tags", t.textArray, (c) => t.listColumn(c, "tags"))
    .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("owner_id", t.uuid)
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await t.notifyOnChange("legal_clauses");

  await db.schema
    .createTable("legal_templates")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("category", "text", (c) =>
      c.notNull().check(oneOf("category", ["NDA", "Producer Agreement", "Split Sheet", "License", "Custom"])),
    )
    .addColumn("variables", t.json, (c) => jsonArray(c, "variables"))
    .addColumn("body_md", "text", (c) => c.notNull())
    .addColumn("is_shared", t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn("owner_id", t.uuid)
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex("legal_templates_category_idx")
    .on("legal_templates")
    .column("category")
    .execute();
  await t.notifyOnChange("legal_templates");

  await db.schema
    .createTable("legal_documents")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("draft")
        .check(oneOf("status", ["draft", "awaiting_signatures", "partially_signed", "fully_signed", "void"])),
    )
    // A template in use cannot go: its documents name it.
    .addColumn("template_id", t.uuid, (c) =>
      c.notNull().references("legal_templates.id").onDelete("restrict"),
    )
    .addColumn("owner_id", t.uuid)
    .addColumn("payload", t.json, (c) => t.objectColumn(c, "payload"))
    .addColumn("parties", t.json, (c) => jsonArray(c, "parties"))
    .addColumn("rendered_md", "text")
    .addColumn("rendered_html", "text")
    .addColumn("rendered_pdf_url", "text")
    .addColumn("rendered_docx_url", "text")
    .addColumn("content_sha256", "text", sha256("content_sha256"))
    .addColumn("signed_pdf_url", "text")
    .addColumn("signed_sha256", "text", sha256("signed_sha256"))
    .addColumn("void_reason", "text")
    .addColumn("audit", t.json, (c) => jsonArray(c, "audit"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex("legal_documents_status_idx")
    .on("legal_documents")
    .columns(["status", "updated_at"])
    .execute();
  await db.schema
    .createIndex("legal_documents_template_idx")
    .on("legal_documents")
    .column("template_id")
    .execute();
  await t.notifyOnChange("legal_documents");

  await db.schema
    .createTable("legal_signing_links")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("document_id", t.uuid, (c) => c.notNull().references("legal_documents.id").onDelete("cascade"))
    .addColumn("party_index", "integer", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .addColumn("used_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("legal_signing_links_document_idx")
    .on("legal_signing_links")
    .column("document_id")
    .execute();

  await db.schema
    .alterTable("mail_outbox")
    .addColumn("attachments", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("mail_outbox").dropColumn("attachments").execute();
  for (const table of ["legal_signing_links", "legal_documents", "legal_templates", "legal_clauses"]) {
    await db.schema.dropTable(table).execute();
  }
}
