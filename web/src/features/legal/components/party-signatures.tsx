import { Signature } from "lucide-react";
import type { LegalDocument } from "@/features/legal/api/legal-types";
import { countSignatures } from "@/features/legal/utils/document-actions";
import { formatRelativeTime } from "@/lib/format";

const STATUS_WORDS = { pending: "Not yet opened", viewed: "Viewed, not signed", signed: "Signed" } as const;

/** Where each party's signature stands. */
export function PartySignatures({ document }: { document: LegalDocument }) {
  const { signed, total } = countSignatures(document);
  return (
    <section aria-labelledby="signatures-heading" className="grid gap-2">
      <h2 id="signatures-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Signature className="size-5" aria-hidden="true" />
        Signatures: {signed} of {total} signed
      </h2>
      {document.parties.length === 0 ? (
        <p className="text-sm text-muted-foreground">No parties yet.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Parties">
          {document.parties.map((party) => (
            <li key={`${party.email}-${party.role}`} className="rounded-md border p-3 text-sm">
              <p className="font-medium">
                {party.name} <span className="text-muted-foreground">({party.email})</span>
              </p>
              <p>
                {party.role === "viewer"
                  ? "Viewer"
                  : document.status === "draft"
                    ? "Signer"
                    : `Signer: ${STATUS_WORDS[party.status ?? "pending"]}`}
                {party.signed_at ? ` ${formatRelativeTime(party.signed_at)} as “${party.signature}”` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
