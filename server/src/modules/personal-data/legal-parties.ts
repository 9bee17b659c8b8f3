import type { LegalAuditEntry, LegalParty, LegalPayload, PartyValue, SplitWriter } from "@app/contracts";
import { auditEntry } from "../legal/audit";
import { keyOfUrl } from "../legal/document-files";
import type { LegalDocument } from "../legal/types";
import { ERASED_NAME } from "./placeholders";

/**
 * A legal document with one person's data taken out. A fully signed document is a contract the business
 * must keep (bookkeeping and legal claims): its party keeps the name and typed signature the contract
 * needs and is marked erased on request; the rest of what identifies them goes. Any other document has
 * the person anonymised outright; one still out for signatures can no longer be completed and is voided.
 */

export interface PersonMatch {
  /** The address, lower-cased. */
  email: string;
  /** Contacts that are this person: a document about one of them is theirs too. */
  contactIds: readonly string[];
}

const isAddress = (match: PersonMatch, email: string | null | undefined) =>
  typeof email === "string" && email.trim().toLowerCase() === match.email;

const mentionsAddress = (match: PersonMatch, text: string | null | undefined) =>
  typeof text === "string" && text.toLowerCase().includes(match.email);

const isPartyValue = (value: unknown): value is PartyValue =>
  typeof value === "object" && value !== null && "name" in value;

/** The person is a party, a party variable's value or a writer of the document, or it is about them. */
export function isPartyTo(doc: LegalDocument, match: PersonMatch): boolean {
  const { variables = {}, writers = [], source_refs } = doc.payload as LegalPayload;
  return (
    doc.parties.some((p) => isAddress(match, p.email)) ||
    Object.values(variables).some((v) => isPartyValue(v) && isAddress(match, v.email)) ||
    writers.some((w) => isAddress(match, w.email)) ||
    (typeof source_refs?.contact_id === "string" && match.contactIds.includes(source_refs.contact_id))
  );
}

/** What of the document is the person's: for an export, without the other parties. */
export function personsShareOf(doc: LegalDocument, match: PersonMatch) {
  const { variables = {}, writers = [] } = doc.payload as LegalPayload;
  return {
    id: doc.id,
    title: doc.title,
    status: doc.status,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
    parties: doc.parties.filter((p) => isAddress(match, p.email)),
    variables: Object.fromEntries(
      Object.entries(variables).filter(([, v]) => isPartyValue(v) && isAddress(match, v.email)),
    ),
    writers: writers.filter((w) => isAddress(match, w.email)),
    audit: doc.audit.filter((e) => mentionsAddress(match, e.actor)),
    files: [doc.rendered_pdf_url, doc.rendered_docx_url, doc.signed_pdf_url].filter(Boolean),
  };
}

export interface ErasedDocument {
  changes: Partial<LegalDocument>;
  kept: boolean;
  /** Keys in the documents bucket of files that named the person and are no longer the document's. */
  files: string[];
}

interface EraseOptions {
  match: PersonMatch;
  names: readonly string[];
  placeholder: () => string;
  at: string;
  actorId: string | null;
}

const replaceNames = (text: string, names: readonly string[]) =>
  names.reduce((t, name) => t.split(name).join(ERASED_NAME), text);

/** The signer's own words in the trail ("Name <address>") lose the address; their name stays. */
const nameOnly = (actor: string) => actor.replace(/\s*<[^>]*>\s*$/, "");

function eraseFromSigned(doc: LegalDocument, o: EraseOptions): ErasedDocument {
  const parties = doc.parties.map(
    (p): LegalParty =>
      isAddress(o.match, p.email)
        ? { ...p, email: o.placeholder(), ip: null, user_agent: null, erased_at: o.at }
        : p,
  );
  const payload = doc.payload as LegalPayload;
  const variables = Object.fromEntries(
    Object.entries(payload.variables ?? {}).map(([key, v]) => [
      key,
      isPartyValue(v) && isAddress(o.match, v.email)
        ? { name: v.name, email: null, ipi: null, society: null }
        : v,
    ]),
  );
  const writers = (payload.writers ?? []).map(
    (w): SplitWriter => (isAddress(o.match, w.email) ? { ...w, email: null } : w),
  );
  const audit = doc.audit.map(
    (e): LegalAuditEntry =>
      mentionsAddress(o.match, e.actor)
        ? { ...e, actor: nameOnly(e.actor as string), ip: null, user_agent: null }
        : e,
  );
  return {
    changes: { parties, payload: withLists(payload, variables, writers), audit },
    kept: true,
    files: [],
  };
}

function withLists(payload: LegalPayload, variables: LegalPayload["variables"], writers: SplitWriter[]) {
  return {
    ...payload,
    ...(payload.variables && { variables }),
    ...(payload.writers && { writers }),
  };
}

const fileKeys = (doc: LegalDocument) =>
  [doc.rendered_pdf_url, doc.rendered_docx_url, doc.signed_pdf_url]
    .map((url) => (url ? keyOfUrl(url) : undefined))
    .filter((key): key is string => key !== undefined);

/**
 * The party without who they are: the typed signature, IP and browser go with the name and address (a
 * draft's party has none of those, and gets none: staff edit drafts, and those fields are the server's).
 */
function anonymousParty({ signature: _s, ip: _i, user_agent: _u, ...rest }: LegalParty, address: string) {
  return { ...rest, name: ERASED_NAME, email: address };
}

function eraseFromUnsigned(doc: LegalDocument, o: EraseOptions): ErasedDocument {
  const parties = doc.parties.map((p) =>
    isAddress(o.match, p.email) ? anonymousParty(p, o.placeholder()) : p,
  );
  const payload = doc.payload as LegalPayload;
  const variables = Object.fromEntries(
    Object.entries(payload.variables ?? {}).map(([key, v]) => [
      key,
      isPartyValue(v) && isAddress(o.match, v.email)
        ? { name: ERASED_NAME, email: null, ipi: null, society: null }
        : typeof v === "string"
          ? replaceNames(v, o.names)
          : v,
    ]),
  );
  const writers = (payload.writers ?? []).map(
    (w): SplitWriter =>
      isAddress(o.match, w.email)
        ? { ...w, legal_name: ERASED_NAME, credited_name: null, email: null, society: null, ipi: null }
        : w,
  );
  const audit = doc.audit.map(
    (e): LegalAuditEntry =>
      mentionsAddress(o.match, e.actor)
        ? {
            ...e,
            actor: ERASED_NAME,
            ip: null,
            user_agent: null,
            detail: Object.fromEntries(Object.entries(e.detail).filter(([k]) => k !== "signature")),
          }
        : e,
  );
  const isOut = doc.status === "awaiting_signatures" || doc.status === "partially_signed";
  const reason = "A party's personal data was erased on request";
  return {
    changes: {
      title: replaceNames(doc.title, o.names),
      parties,
      payload: withLists(payload, variables, writers),
      audit: isOut
        ? [...audit, auditEntry("voided", { actorId: o.actorId, ip: null }, o.at, { reason })]
        : audit,
      // The renders named the person; a draft is rendered again from what is left.
      rendered_md: null,
      rendered_html: null,
      rendered_pdf_url: null,
      rendered_docx_url: null,
      ...(isOut && { status: "void" as const, void_reason: reason }),
    },
    kept: false,
    files: fileKeys(doc),
  };
}

export function eraseFromDocument(doc: LegalDocument, options: EraseOptions): ErasedDocument {
  return doc.status === "fully_signed" ? eraseFromSigned(doc, options) : eraseFromUnsigned(doc, options);
}
