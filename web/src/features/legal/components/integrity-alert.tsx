import { ShieldAlert } from "lucide-react";
import type { LegalDocument } from "@/features/legal/api/legal-types";

/** The last failed integrity check on the document's audit trail, if any. */
export function integrityFailure(document: Pick<LegalDocument, "audit">) {
  return document.audit.findLast((entry) => entry.action === "integrity_failed");
}

/**
 * Held: the stored PDF of a sent document no longer matches the SHA-256 recorded when it was sent, so the
 * server refuses every further signature. Staff see it here, with both fingerprints, and what to do.
 */
export function IntegrityAlert({ document }: { document: LegalDocument }) {
  const failure = integrityFailure(document);
  if (!failure || document.status === "void") return null;
  const detail = failure.detail as { expected_sha256?: string; actual_sha256?: string };
  return (
    <div
      role="alert"
      className="grid gap-1 rounded-md border border-error-text/60 p-3 text-sm text-error-text"
    >
      <p className="flex items-center gap-2 font-semibold">
        <ShieldAlert className="size-4 shrink-0" aria-hidden="true" />
        Held: the stored PDF failed its integrity check
      </p>
      <p>
        The file no longer matches the fingerprint recorded when the document was sent, so no one can sign it.
        Void the document and send a new one.
      </p>
      <p className="break-all">Recorded SHA-256: {detail.expected_sha256 ?? "unknown"}</p>
      <p className="break-all">Stored file now: {detail.actual_sha256 ?? "unknown"}</p>
    </div>
  );
}
