import { type LegalTemplateCategory, type LegalVariable, tables } from "@app/contracts";
import type { Db } from "../../db/database";
import { isPostgres } from "../../db/engine-of";
import type { LegalSigningLinkTable } from "../../db/schema";
import { toApiRow, toStoredRow } from "../../db/stored-values";
import type { LegalDocument } from "./types";

/** Every SQL statement of legal documents; the executor comes first (inside a transaction, only it). */

export async function findDocument(db: Db, id: string, lock = false): Promise<LegalDocument | undefined> {
  let query = db.selectFrom("legal_documents").selectAll().where("id", "=", id);
  // PostgreSQL runs at READ COMMITTED: a transition reads, decides and writes with the row held.
  if (lock && isPostgres(db)) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && (toApiRow(tables.legal_documents, row) as LegalDocument);
}

export async function updateDocument(
  db: Db,
  id: string,
  values: Partial<LegalDocument>,
  engine: "sqlite" | "postgres",
) {
  const row = await db
    .updateTable("legal_documents")
    .set(toStoredRow(tables.legal_documents, values, engine))
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toApiRow(tables.legal_documents, row) as LegalDocument;
}

export interface TemplateRow {
  id: string;
  title: string;
  category: LegalTemplateCategory;
  variables: LegalVariable[];
  body_md: string;
}

export async function findTemplate(db: Db, id: string): Promise<TemplateRow | undefined> {
  const row = await db.selectFrom("legal_templates").selectAll().where("id", "=", id).executeTakeFirst();
  return row && (toApiRow(tables.legal_templates, row) as unknown as TemplateRow);
}

/** Clause bodies by slug, for the slugs asked. */
export async function clauseBodies(db: Db, slugs: readonly string[]): Promise<Map<string, string>> {
  if (slugs.length === 0) return new Map();
  const rows = await db
    .selectFrom("legal_clauses")
    .select(["slug", "body_md"])
    .where("slug", "in", [...slugs])
    .execute();
  return new Map(rows.map((r) => [r.slug, r.body_md]));
}

export async function countDocumentsOfTemplate(db: Db, templateId: string) {
  const rows = await db
    .selectFrom("legal_documents")
    .select("id")
    .where("template_id", "=", templateId)
    .execute();
  return rows.length;
}

/** Templates whose body may include the clause (a cheap text match; callers read the placeholders). */
export async function templatesMentioning(db: Db, slug: string): Promise<TemplateRow[]> {
  const rows = await db
    .selectFrom("legal_templates")
    .selectAll()
    .where("body_md", "like", `%clause:${slug}%`)
    .execute();
  return rows.map((row) => toApiRow(tables.legal_templates, row) as unknown as TemplateRow);
}

export async function findContact(db: Db, id: string) {
  return db
    .selectFrom("crm_contacts")
    .select(["id", "first_name", "last_name", "email", "ipi", "pro_society"])
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function insertSigningLinks(db: Db, links: LegalSigningLinkTable[]) {
  if (links.length > 0) await db.insertInto("legal_signing_links").values(links).execute();
}

export async function findSigningLink(db: Db, tokenHash: string) {
  return db
    .selectFrom("legal_signing_links")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
}

/** Marks a link used; false when another request used it first. */
export async function useSigningLink(db: Db, tokenHash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("legal_signing_links")
    .set({ used_at: at })
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteSigningLinks(db: Db, documentId: string) {
  await db.deleteFrom("legal_signing_links").where("document_id", "=", documentId).execute();
}

/**
 * Which of the file paths a document depends on for good: the PDF and DOCX as sent (a recorded SHA-256)
 * and the signed PDF.
 */
export async function pathsInUse(db: Db, urls: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .selectFrom("legal_documents")
    .select(["rendered_pdf_url", "rendered_docx_url", "signed_pdf_url", "content_sha256"])
    .where((eb) =>
      eb.or([
        eb.and([eb("content_sha256", "is not", null), eb("rendered_pdf_url", "in", [...urls])]),
        eb.and([eb("content_sha256", "is not", null), eb("rendered_docx_url", "in", [...urls])]),
        eb("signed_pdf_url", "in", [...urls]),
      ]),
    )
    .execute();
  const out = new Set<string>();
  for (const row of rows) {
    if (row.content_sha256 !== null) {
      if (row.rendered_pdf_url) out.add(row.rendered_pdf_url);
      if (row.rendered_docx_url) out.add(row.rendered_docx_url);
    }
    if (row.signed_pdf_url) out.add(row.signed_pdf_url);
  }
  return out;
}
