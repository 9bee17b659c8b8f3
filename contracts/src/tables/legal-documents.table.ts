import { z } from "zod";
import { staffOnly } from "./crm-companies.table";
import { column, defineTable } from "./define-table";

export const LEGAL_DOCUMENT_STATUSES = [
  "draft",
  "awaiting_signatures",
  "partially_signed",
  "fully_signed",
  "void",
] as const;
export type LegalDocumentStatus = (typeof LEGAL_DOCUMENT_STATUSES)[number];

export const LEGAL_DOCUMENT_STATUS_LABELS: Record<LegalDocumentStatus, string> = {
  draft: "Draft",
  awaiting_signatures: "Awaiting Signatures",
  partially_signed: "Partially Signed",
  fully_signed: "Fully Signed",
  void: "Void",
};

/**
 * The document lifecycle, the one table of allowed moves the server checks: only a draft is edited,
 * sending freezes it, signatures move it on, and anything but a fully signed document can be voided.
 */
export const LEGAL_DOCUMENT_TRANSITIONS: Record<LegalDocumentStatus, readonly LegalDocumentStatus[]> = {
  draft: ["awaiting_signatures", "void"],
  awaiting_signatures: ["partially_signed", "fully_signed", "void"],
  partially_signed: ["fully_signed", "void"],
  fully_signed: [],
  void: [],
};

export const PARTY_ROLES = ["signer", "viewer"] as const;
export const PARTY_SIGNING_STATUSES = ["pending", "viewed", "signed"] as const;

/** A party as staff write it. */
export const legalPartyInputSchema = z
  .object({
    name: z.string().trim().min(1, "A party needs a name").max(200),
    email: z.string().trim().max(254).email("A party needs a valid e-mail address"),
    role: z.enum(PARTY_ROLES),
  })
  .strict();

/** A party as stored: what staff wrote, and what the server adds as the party signs. */
export const legalPartySchema = legalPartyInputSchema.extend({
  status: z.enum(PARTY_SIGNING_STATUSES).optional(),
  sent_at: z.string().nullable().optional(),
  viewed_at: z.string().nullable().optional(),
  signed_at: z.string().nullable().optional(),
  /** The full name the signer typed. */
  signature: z.string().nullable().optional(),
  ip: z.string().nullable().optional(),
  user_agent: z.string().nullable().optional(),
  /**
   * When the party's personal data was erased on request: a fully signed document keeps only the name and
   * signature the contract needs.
   */
  erased_at: z.string().nullable().optional(),
});
export type LegalParty = z.infer<typeof legalPartySchema>;
export const SERVER_PARTY_FIELDS = [
  "status",
  "sent_at",
  "viewed_at",
  "signed_at",
  "signature",
  "ip",
  "user_agent",
  "erased_at",
] as const;

export const WRITER_CONTRIBUTIONS = ["lyrics", "music", "production"] as const;

/**
 * A writer on a split sheet. A draft may hold a half-filled writer; sending checks that the shares add
 * up to exactly 100.00 and that every IPI is valid.
 */
export const splitWriterSchema = z
  .object({
    legal_name: z.string().trim().max(200),
    credited_name: z.string().trim().max(200).nullable().optional(),
    email: z.string().trim().max(254).nullable().optional(),
    contribution: z.array(z.enum(WRITER_CONTRIBUTIONS)).max(3),
    share_percent: z.number().min(0).max(100),
    society: z.string().trim().max(100).nullable().optional(),
    ipi: z.string().trim().max(20).nullable().optional(),
    publisher: z.string().trim().max(200).nullable().optional(),
    publisher_ipi: z.string().trim().max(20).nullable().optional(),
  })
  .strict();
export type SplitWriter = z.infer<typeof splitWriterSchema>;

/** A party variable's value (filled by hand, or from a CRM contact). */
export const partyValueSchema = z
  .object({
    name: z.string().max(200),
    email: z.string().max(254).nullable().optional(),
    ipi: z.string().max(20).nullable().optional(),
    society: z.string().max(100).nullable().optional(),
  })
  .strict();
export type PartyValue = z.infer<typeof partyValueSchema>;

export const variableValueSchema = z.union([
  z.string().max(5000),
  z.number().finite(),
  partyValueSchema,
  z.null(),
]);
export type VariableValue = z.infer<typeof variableValueSchema>;

export const sourceRefsSchema = z
  .object({
    contact_id: z.string().uuid().nullable().optional(),
    project_id: z.string().uuid().nullable().optional(),
    song_id: z.string().uuid().nullable().optional(),
  })
  .strict();

export const legalPayloadSchema = z
  .object({
    variables: z.record(z.string().max(50), variableValueSchema).optional(),
    source_refs: sourceRefsSchema.optional(),
    writers: z.array(splitWriterSchema).max(50).optional(),
  })
  .strict();
export type LegalPayload = z.infer<typeof legalPayloadSchema>;

export const LEGAL_AUDIT_ACTIONS = [
  "created",
  "updated",
  "rendered",
  "sent",
  "viewed",
  "signed",
  "completed",
  "voided",
  /** A signature refused because a stored file no longer matched the SHA-256 recorded when it was sent. */
  "integrity_failed",
] as const;
export type LegalAuditAction = (typeof LEGAL_AUDIT_ACTIONS)[number];

/** One step of a document's life: who, what, when, from where. Appended by the server only. */
export const legalAuditEntrySchema = z.object({
  at: z.string(),
  action: z.enum(LEGAL_AUDIT_ACTIONS),
  /** The staff member who acted; null for a signer. */
  actor_id: z.string().nullable(),
  /** A signer's name and e-mail, when a signer acted; "service_role" when the service key did. */
  actor: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type LegalAuditEntry = z.infer<typeof legalAuditEntrySchema>;

/**
 * A contract made from a template. Staff edit a draft (title, payload, parties) through the data API;
 * every move after that is an RPC, and the rendered files, hashes and audit trail are the server's.
 */
export const legalDocumentsTable = defineTable({
  name: "legal_documents",
  area: "legal",
  description: "contracts and split sheets, from draft to signed (staff only; status moves through RPCs)",
  columns: {
    id: column.uuid().withDefault(),
    title: column.text(200),
    /**
     * Read-only here: a document starts as a draft and only the RPCs move it on (send, sign, void), so
     * no insert, PATCH or upsert may name it.
     */
    status: column.enum(LEGAL_DOCUMENT_STATUSES).generated(),
    template_id: column.uuid().foreignKeyTo("legal_templates"),
    owner_id: column.uuid().orNull().generated(),
    payload: column.json(legalPayloadSchema).withDefault(),
    parties: column.json(z.array(legalPartySchema).max(20), []).withDefault(),
    /** The markdown as last rendered (as sent, once sent): the signed PDF is built from exactly this. */
    rendered_md: column.text(500_000).orNull().generated(),
    rendered_html: column.text(500_000).orNull().generated(),
    /** `/storage/v1/object/documents/<path>`: the PDF as sent (or as last rendered, for a draft). */
    rendered_pdf_url: column.text(1000).orNull().generated(),
    rendered_docx_url: column.text(1000).orNull().generated(),
    /** SHA-256 (hex) of the PDF as sent: frozen when the document is sent. */
    content_sha256: column.text(64).orNull().generated(),
    /** The final PDF, with its audit certificate page, once every signer has signed. */
    signed_pdf_url: column.text(1000).orNull().generated(),
    signed_sha256: column.text(64).orNull().generated(),
    void_reason: column.text(1000).orNull().generated(),
    audit: column.json(z.array(legalAuditEntrySchema), []).generated(),
    created_at: column.timestamp().generated(),
    updated_at: column.timestamp().generated(),
  },
  defaultOrder: "updated_at.desc",
  maxRows: 200,
  policy: staffOnly,
});
