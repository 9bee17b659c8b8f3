import { randomUUID } from "node:crypto";
import type { LegalParty } from "@app/contracts";
import type { Db } from "../../db/database";
import { laterThan } from "../../db/row-version";
import type { LegalSigningLinkTable } from "../../db/schema";
import { randomToken, sha256 } from "../../platform/secrets";
import { type Actor, auditEntry, recordOnContactTimeline } from "./audit";
import type { CallerInfo, LegalDeps } from "./deps";
import { DOCX_TYPE, objectUrl, PDF_TYPE, renderKeys } from "./document-files";
import { assertDraft, assertTransition, changedMeanwhile, invalid, notFound } from "./lifecycle";
import { composeDocument, sendProblems } from "./prepare";
import { type RenderedFiles, renderFiles } from "./render-files";
import * as repo from "./repository";
import type { LegalDocument } from "./types";

const isoAt = (ms: number) => new Date(ms).toISOString();

const actorOf = (caller: CallerInfo): Actor => ({
  actorId: caller.actorId,
  actor: caller.actorRole,
  ip: caller.ip,
  userAgent: caller.userAgent,
});

/**
 * Renders a document and stores its PDF and DOCX under keys of this render's own, before any row changes:
 * rendering and storage are slow and must not hold the row's lock (nor, on SQLite, the one connection).
 */
async function renderAndStore(deps: LegalDeps, doc: LegalDocument, at: string) {
  const { markdown, category } = await composeDocument(deps.db, doc);
  const files = await renderFiles({ title: doc.title, markdown, at });
  const keys = renderKeys(doc.id, randomUUID(), doc.title);
  await deps.files.put(keys.pdf, files.pdf, PDF_TYPE);
  await deps.files.put(keys.docx, files.docx, DOCX_TYPE);
  return { markdown, category, files, keys };
}

const renderedColumns = (markdown: string, files: RenderedFiles, keys: ReturnType<typeof renderKeys>) => ({
  rendered_md: markdown,
  rendered_html: files.html,
  rendered_pdf_url: objectUrl(keys.pdf),
  rendered_docx_url: objectUrl(keys.docx),
});

/**
 * The row as it was read, still a draft and not changed since (its updated_at is its version): otherwise
 * the files just rendered describe something else, and are dropped.
 */
async function lockUnchangedDraft(trx: Db, read: LegalDocument, to?: "awaiting_signatures") {
  const current = await repo.findDocument(trx, read.id, true);
  if (!current) throw notFound(read.id);
  if (to) assertTransition(current.status, to);
  else assertDraft(current.status, "rendered");
  if (current.updated_at !== read.updated_at) throw changedMeanwhile();
  return current;
}

async function discardOnFailure<T>(deps: LegalDeps, keys: string[], write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    await deps.files
      .remove(keys)
      .catch((e: Error) => deps.logger.warn({ err: e.message }, "unused render kept"));
    throw err;
  }
}

/** A draft's HTML, PDF and DOCX, rendered now: the row points at the new files. */
export async function renderLegalDocument(deps: LegalDeps, id: string, caller: CallerInfo) {
  const read = await repo.findDocument(deps.db, id);
  if (!read) throw notFound(id);
  assertDraft(read.status, "rendered");
  const at = isoAt(deps.now());
  const { markdown, files, keys } = await renderAndStore(deps, read, at);
  return discardOnFailure(deps, [keys.pdf, keys.docx], () =>
    deps.db.withTransaction(async (trx) => {
      const current = await lockUnchangedDraft(trx, read);
      return repo.updateDocument(
        trx,
        id,
        {
          ...renderedColumns(markdown, files, keys),
          content_sha256: null,
          audit: [
            ...current.audit,
            auditEntry("rendered", actorOf(caller), at, { pdf_sha256: files.pdfSha256 }),
          ],
          updated_at: laterThan(current.updated_at, at),
        },
        deps.db.engine,
      );
    }),
  );
}

interface SigningMail {
  to: string;
  token: string;
}

/**
 * Sends a draft: final files, the PDF's SHA-256 frozen, each signer a link of their own (only its hash is
 * kept); from here the content is read-only. The mails go once the change has committed.
 */
export async function sendLegalDocument(deps: LegalDeps, id: string, caller: CallerInfo) {
  const read = await repo.findDocument(deps.db, id);
  if (!read) throw notFound(id);
  assertTransition(read.status, "awaiting_signatures");
  const { category } = await composeDocument(deps.db, read);
  const problems = await sendProblems(deps.db, read, category);
  if (problems.length > 0) throw invalid("The document cannot be sent yet", problems);
  const nowMs = deps.now();
  const at = isoAt(nowMs);
  const { markdown, files, keys } = await renderAndStore(deps, read, at);
  const mails: SigningMail[] = [];
  const sent = await discardOnFailure(deps, [keys.pdf, keys.docx], () =>
    deps.db.withTransaction(async (trx) => {
      mails.length = 0;
      const current = await lockUnchangedDraft(trx, read, "awaiting_signatures");
      const expiresAt = isoAt(nowMs + deps.linkTtlSeconds * 1000);
      const links: LegalSigningLinkTable[] = [];
      const parties: LegalParty[] = current.parties.map((p, index) => {
        const party: LegalParty = { name: p.name, email: p.email, role: p.role };
        if (p.role !== "signer") return party;
        const token = randomToken();
        mails.push({ to: p.email, token });
        links.push({
          token_hash: sha256(token),
          document_id: id,
          party_index: index,
          email: p.email.toLowerCase(),
          expires_at: expiresAt,
          used_at: null,
          created_at: at,
        });
        return { ...party, status: "pending", sent_at: at, viewed_at: null, signed_at: null };
      });
      await repo.insertSigningLinks(trx, links);
      const row = await repo.updateDocument(
        trx,
        id,
        {
          ...renderedColumns(markdown, files, keys),
          status: "awaiting_signatures",
          parties,
          content_sha256: files.pdfSha256,
          audit: [
            ...current.audit,
            auditEntry("sent", actorOf(caller), at, {
              content_sha256: files.pdfSha256,
              signers: links.length,
              links_expire_at: expiresAt,
            }),
          ],
          updated_at: laterThan(current.updated_at, at),
        },
        deps.db.engine,
      );
      await recordOnContactTimeline(trx, {
        contactId: current.payload.source_refs?.contact_id,
        document: row,
        action: "sent",
        actorId: caller.actorId,
        actorRole: caller.actorRole,
        at,
        statusChange: { from: current.status, to: row.status },
      });
      return row;
    }),
  );
  for (const mail of mails) {
    await deps.mailer.send({
      kind: "legal_signing_request",
      to: mail.to,
      title: sent.title,
      link: `${deps.siteUrl}/sign#token=${mail.token}`,
      expiresInSeconds: deps.linkTtlSeconds,
    });
  }
  return sent;
}

/**
 * Voids a document that is not fully signed; its signing links are deleted with the same commit. Every
 * party the document was sent to is told, once the void has committed, so nobody keeps acting on it.
 */
export async function voidLegalDocument(deps: LegalDeps, id: string, reason: string, caller: CallerInfo) {
  const at = isoAt(deps.now());
  const voided = await deps.db.withTransaction(async (trx) => {
    const current = await repo.findDocument(trx, id, true);
    if (!current) throw notFound(id);
    assertTransition(current.status, "void");
    await repo.deleteSigningLinks(trx, id);
    const row = await repo.updateDocument(
      trx,
      id,
      {
        status: "void",
        void_reason: reason,
        audit: [
          ...current.audit,
          auditEntry("voided", actorOf(caller), at, { reason, from: current.status }),
        ],
        updated_at: laterThan(current.updated_at, at),
      },
      deps.db.engine,
    );
    await recordOnContactTimeline(trx, {
      contactId: current.payload.source_refs?.contact_id,
      document: row,
      action: "voided",
      actorId: caller.actorId,
      actorRole: caller.actorRole,
      at,
      statusChange: { from: current.status, to: "void" },
    });
    return row;
  });
  for (const party of voided.parties.filter((p) => p.sent_at)) {
    await deps.mailer.send({
      kind: "legal_voided",
      to: party.email,
      title: voided.title,
      note: `The reason given: ${reason}`,
      link: null,
    });
  }
  return voided;
}

/** A document as other modules read it (personal-data finds the ones an address is a party to). */
export function findLegalDocument(db: Db, id: string): Promise<LegalDocument | undefined> {
  return repo.findDocument(db, id);
}

/** Writes changes another module decided (personal-data's erasure of a party), in the caller's transaction. */
export function updateLegalDocument(
  db: Db,
  id: string,
  values: Partial<LegalDocument>,
  engine: "sqlite" | "postgres",
): Promise<LegalDocument> {
  return repo.updateDocument(db, id, values, engine);
}
