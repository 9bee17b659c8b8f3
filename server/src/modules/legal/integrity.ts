import { laterThan } from "../../db/row-version";
import { AppError } from "../../http/app-error";
import { type Actor, auditEntry } from "./audit";
import type { LegalDeps } from "./deps";
import { keyOfUrl } from "./document-files";
import { sha256Hex } from "./render-files";
import * as repo from "./repository";
import type { LegalDocument } from "./types";

const MISSING = "(missing from storage)";

/**
 * The SHA-256 of the PDF as sent, as storage holds it now. Storage refuses every change to it, so a
 * difference means its bytes were changed underneath the service (on disk or in the database).
 */
async function storedSentSha256(deps: LegalDeps, doc: LegalDocument): Promise<string> {
  const key = doc.rendered_pdf_url ? keyOfUrl(doc.rendered_pdf_url) : undefined;
  const bytes = key ? await deps.files.read(key) : undefined;
  return bytes ? sha256Hex(bytes) : MISSING;
}

/**
 * Refuses a signature on a document whose sent PDF no longer matches its recorded SHA-256: nobody may
 * sign (and so complete) bytes other than the ones sent. The failure goes on the audit trail once per
 * distinct stored hash, where the document page shows it to staff, and the error log.
 */
export async function assertSentFileIntact(deps: LegalDeps, doc: LegalDocument, who: Actor, at: string) {
  const actual = await storedSentSha256(deps, doc);
  if (actual === doc.content_sha256) return actual;
  deps.logger.error(
    { document: doc.id, expected: doc.content_sha256, actual },
    "the stored PDF of a sent document does not match its SHA-256",
  );
  await deps.db.withTransaction(async (trx) => {
    const current = await repo.findDocument(trx, doc.id, true);
    if (!current) return;
    const known = current.audit.some(
      (e) => e.action === "integrity_failed" && e.detail.actual_sha256 === actual,
    );
    if (known) return;
    await repo.updateDocument(
      trx,
      doc.id,
      {
        audit: [
          ...current.audit,
          auditEntry("integrity_failed", who, at, {
            file: doc.rendered_pdf_url,
            expected_sha256: doc.content_sha256,
            actual_sha256: actual,
          }),
        ],
        updated_at: laterThan(current.updated_at, at),
      },
      deps.db.engine,
    );
  });
  throw new AppError(
    "document_integrity_failed",
    "This document cannot be signed: its stored file no longer matches the fingerprint recorded when it was sent. The sender can see this on the document.",
    { details: `expected SHA-256 ${doc.content_sha256}` },
  );
}
