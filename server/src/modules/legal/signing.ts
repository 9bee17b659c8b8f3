import { type LegalParty, type SignDocumentInput, type SigningView, signatureNameKey } from "@app/contracts";
import type { Db } from "../../db/database";
import { laterThan } from "../../db/row-version";
import type { LegalSigningLinkRow } from "../../db/schema";
import { AppError } from "../../http/app-error";
import { sha256 } from "../../platform/secrets";
import { type Actor, auditEntry, recordOnContactTimeline } from "./audit";
import { certificateBlocks } from "./certificate";
import type { LegalDeps } from "./deps";
import { objectUrl, PDF_TYPE, renderKeys } from "./document-files";
import { assertSentFileIntact } from "./integrity";
import { renderSignedPdf } from "./render-files";
import * as repo from "./repository";
import type { LegalDocument } from "./types";

const isoAt = (ms: number) => new Date(ms).toISOString();

/** Every dead link answers the same, so a link says nothing about a document it does not open. */
const deadLink = () =>
  new AppError(
    "signing_link_invalid",
    "This signing link no longer works: it was used, it expired, or the document was withdrawn",
  );

export interface Visitor {
  ip: string;
  userAgent: string | null;
}

async function throttle(deps: LegalDeps, visitor: Visitor) {
  const verdict = await deps.limiter.hit(`legal-sign:${visitor.ip}`, deps.signRule);
  if (!verdict.allowed) {
    throw new AppError("rate_limited", "Too many requests, please try again later", {
      retryAfterSeconds: verdict.retryAfterSeconds,
    });
  }
}

const OPEN = new Set(["awaiting_signatures", "partially_signed"]);

/** The link and its document, if the link still works; the document row is locked when `lock`. */
async function liveLink(db: Db, token: string, at: string, lock: boolean) {
  const link = await repo.findSigningLink(db, sha256(token));
  if (!link || link.used_at !== null || link.expires_at <= at) throw deadLink();
  const doc = await repo.findDocument(db, link.document_id, lock);
  const party = doc?.parties[link.party_index];
  if (!doc || !party || !OPEN.has(doc.status) || party.role !== "signer" || party.status === "signed")
    throw deadLink();
  return { link, doc, party };
}

const signerActor = (party: LegalParty, visitor: Visitor): Actor => ({
  actorId: null,
  actor: `${party.name} <${party.email}>`,
  ip: visitor.ip,
  userAgent: visitor.userAgent,
});

function toView(doc: LegalDocument, link: LegalSigningLinkRow, party: LegalParty): SigningView {
  return {
    document: {
      title: doc.title,
      status: doc.status,
      rendered_html: doc.rendered_html ?? "",
      content_sha256: doc.content_sha256 ?? "",
      parties: doc.parties.map((p, i) => ({
        name: p.name,
        role: p.role,
        status: p.status ?? "pending",
        is_you: i === link.party_index,
      })),
    },
    signer: { name: party.name, email: party.email },
    expires_at: link.expires_at,
  };
}

/** What a signer sees; the first visit marks the party viewed, on the audit trail and the CRM timeline. */
export async function viewSigningDocument(
  deps: LegalDeps,
  token: string,
  visitor: Visitor,
): Promise<SigningView> {
  await throttle(deps, visitor);
  const at = isoAt(deps.now());
  return deps.db.withTransaction(async (trx) => {
    const { link, doc, party } = await liveLink(trx, token, at, true);
    if (party.viewed_at) return toView(doc, link, party);
    const parties = doc.parties.map((p, i) =>
      i === link.party_index ? { ...p, status: "viewed" as const, viewed_at: at } : p,
    );
    const row = await repo.updateDocument(
      trx,
      doc.id,
      {
        parties,
        audit: [...doc.audit, auditEntry("viewed", signerActor(party, visitor), at)],
        updated_at: laterThan(doc.updated_at, at),
      },
      deps.db.engine,
    );
    await recordOnContactTimeline(trx, {
      contactId: doc.payload.source_refs?.contact_id,
      document: doc,
      action: "viewed",
      actorId: null,
      at,
      by: party.name,
    });
    return toView(row, link, parties[link.party_index] as LegalParty);
  });
}

const signed = (party: LegalParty, input: SignDocumentInput, visitor: Visitor, at: string): LegalParty => ({
  ...party,
  status: "signed",
  viewed_at: party.viewed_at ?? at,
  signed_at: at,
  signature: input.full_name,
  ip: visitor.ip,
  user_agent: visitor.userAgent,
});

const isComplete = (parties: readonly LegalParty[]) =>
  parties.every((p) => p.role !== "signer" || p.status === "signed");

interface FinalPdf {
  key: string;
  pdf: Buffer;
  sha256: string;
  finalSourceSha256: string;
  /** The parties the certificate shows: the final PDF fits only a document in exactly this state. */
  parties: string;
}

/**
 * The signed PDF for a document whose last signature is `parties`: the markdown as sent and the audit
 * certificate, stored under a key of its own before any row changes. `sentSha256` is the stored sent
 * PDF's hash, just checked against the one recorded at sending.
 */
async function produceFinalPdf(
  deps: LegalDeps,
  doc: LegalDocument,
  parties: LegalParty[],
  at: string,
  sentSha256: string,
) {
  const sentAudit = doc.audit.findLast((e) => e.action === "sent");
  const { pdf, sha256 } = await renderSignedPdf({
    title: doc.title,
    markdown: doc.rendered_md ?? "",
    at,
    certificate: certificateBlocks({
      documentId: doc.id,
      title: doc.title,
      sentAt: sentAudit?.at ?? null,
      completedAt: at,
      parties,
      originalSha256: doc.content_sha256 ?? "",
      finalSha256: sentSha256,
    }),
  });
  const key = renderKeys(doc.id, sha256.slice(0, 16), doc.title).signedPdf;
  await deps.files.put(key, pdf, PDF_TYPE);
  return {
    key,
    pdf,
    sha256,
    finalSourceSha256: sentSha256,
    parties: JSON.stringify(parties),
  } satisfies FinalPdf;
}

/** A typed name that is not the party's is refused: a signature names the person signing. */
function assertOwnName(party: LegalParty, typed: string) {
  if (signatureNameKey(typed) === signatureNameKey(party.name)) return;
  throw new AppError(
    "signature_name_mismatch",
    `The typed name “${typed.trim()}” is not the name this link was sent to (${party.name}). Type your name as it appears on the document.`,
  );
}

/** The final PDF in hand did not fit the document as locked (another signature landed): start again. */
class StaleFinal extends Error {}

const ATTEMPTS = 3;

/**
 * A signature: the typed name, consent, when and from where. The last signer's request also produces the
 * signed PDF with its certificate; it does so before the transaction, for the state it read, and the
 * transaction (the row locked) accepts it only if that is still the state, else the request starts over.
 * So two last signers can never both finish the document, and nothing slow runs under the lock.
 */
export async function signLegalDocument(deps: LegalDeps, input: SignDocumentInput, visitor: Visitor) {
  await throttle(deps, visitor);
  for (let attempt = 1; ; attempt++) {
    const at = isoAt(deps.now());
    const before = await liveLink(deps.db, input.token, at, false);
    assertOwnName(before.party, input.full_name);
    const sentSha256 = await assertSentFileIntact(deps, before.doc, signerActor(before.party, visitor), at);
    const planned = before.doc.parties.map((p, i) =>
      i === before.link.party_index ? signed(p, input, visitor, at) : p,
    );
    const final = isComplete(planned)
      ? await produceFinalPdf(deps, before.doc, planned, at, sentSha256)
      : undefined;
    try {
      const result = await deps.db.withTransaction((trx) =>
        commitSignature(deps, trx, { input, visitor, at, final }),
      );
      if (result.completed && final) await mailSignedCopies(deps, result.row, final);
      return { signed_at: at, status: result.row.status };
    } catch (err) {
      if (final) await deps.files.remove([final.key]).catch(() => undefined);
      if (!(err instanceof StaleFinal) || attempt >= ATTEMPTS) throw err;
    }
  }
}

async function commitSignature(
  deps: LegalDeps,
  trx: Db,
  args: { input: SignDocumentInput; visitor: Visitor; at: string; final?: FinalPdf },
) {
  const { input, visitor, at, final } = args;
  const { link, doc, party } = await liveLink(trx, input.token, at, true);
  if (!(await repo.useSigningLink(trx, link.token_hash, at))) throw deadLink();
  const parties = doc.parties.map((p, i) => (i === link.party_index ? signed(p, input, visitor, at) : p));
  const completed = isComplete(parties);
  if (completed !== Boolean(final) || (final && final.parties !== JSON.stringify(parties)))
    throw new StaleFinal();
  const who = signerActor(party, visitor);
  const audit = [...doc.audit, auditEntry("signed", who, at, { signature: input.full_name })];
  if (final) {
    audit.push(
      auditEntry("completed", who, at, {
        original_sha256: doc.content_sha256,
        final_sha256: final.finalSourceSha256,
        signed_sha256: final.sha256,
      }),
    );
  }
  const status = completed ? "fully_signed" : "partially_signed";
  const row = await repo.updateDocument(
    trx,
    doc.id,
    {
      parties,
      status,
      audit,
      ...(final && { signed_pdf_url: objectUrl(final.key), signed_sha256: final.sha256 }),
      updated_at: laterThan(doc.updated_at, at),
    },
    deps.db.engine,
  );
  const contactId = doc.payload.source_refs?.contact_id;
  const statusChange = doc.status === status ? undefined : { from: doc.status, to: status };
  await recordOnContactTimeline(trx, {
    contactId,
    document: doc,
    action: "signed",
    actorId: null,
    at,
    by: party.name,
    ...(!completed && statusChange && { statusChange }),
  });
  if (completed)
    await recordOnContactTimeline(trx, {
      contactId,
      document: doc,
      action: "completed",
      actorId: null,
      at,
      statusChange,
    });
  return { row, completed };
}

/** Every party gets the signed PDF once the signature that completed it has committed. */
async function mailSignedCopies(deps: LegalDeps, doc: LegalDocument, final: FinalPdf) {
  const filename = final.key.split("/").pop() as string;
  for (const party of doc.parties) {
    await deps.mailer.send({
      kind: "legal_fully_signed",
      to: party.email,
      title: doc.title,
      note: `SHA-256 of the signed PDF: ${final.sha256}`,
      link: null,
      attachments: [{ filename, contentType: PDF_TYPE, content: final.pdf }],
    });
  }
}
