import type { LegalAuditAction } from "@app/contracts";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { LegalDocument } from "@/features/legal/api/legal-types";
import { formatDateTime } from "@/lib/format";

const ACTION_LABELS: Record<LegalAuditAction, string> = {
  created: "Created",
  updated: "Edited",
  rendered: "Rendered",
  sent: "Sent for signatures",
  viewed: "Opened by a signer",
  signed: "Signed",
  completed: "Signed by everyone",
  voided: "Voided",
  integrity_failed: "Signature refused: a stored file no longer matched its fingerprint",
};

/**
 * The document's audit trail and fingerprints, as the signed PDF's certificate page states them: every
 * step with who, when and from where, and the SHA-256 frozen at sending and the signed file's.
 */
export function AuditTrail({ document }: { document: LegalDocument }) {
  const entries = [...document.audit].reverse();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Audit trail</CardTitle>
        <p className="text-sm text-muted-foreground">Newest first; the signed PDF carries the same record.</p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-1 text-sm">
          <div className="grid gap-0.5">
            <dt className="text-muted-foreground">Fingerprint when sent (SHA-256)</dt>
            <dd className="font-mono text-xs break-all">{document.content_sha256 ?? "Not sent yet"}</dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-muted-foreground">Signed PDF (SHA-256)</dt>
            <dd className="font-mono text-xs break-all">
              {document.signed_sha256 ?? "Not fully signed yet"}
            </dd>
          </div>
        </dl>
        <ol className="grid gap-3 text-sm" aria-label="Audit trail">
          {entries.map((entry, index) => (
            // The trail only grows, so an entry's place from the end is stable.
            // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id of their own
            <li key={entries.length - index} className="grid gap-0.5 border-l-2 pl-3">
              <span className="font-medium">{ACTION_LABELS[entry.action]}</span>
              <span className="text-muted-foreground">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                {entry.actor ? ` · ${entry.actor}` : ""}
                {entry.ip ? ` · from ${entry.ip}` : ""}
              </span>
              {entry.user_agent ? (
                <span className="text-xs break-all text-muted-foreground">{entry.user_agent}</span>
              ) : null}
              {typeof entry.detail.reason === "string" ? (
                <span className="text-muted-foreground">Reason: {entry.detail.reason}</span>
              ) : null}
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
