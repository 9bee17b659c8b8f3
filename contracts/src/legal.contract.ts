import { initContract } from "@ts-rest/core";
import { z } from "zod";
import { access, apiErrorSchema, restErrorResponses, restHeadersSchema, serviceRoleAccess } from "./common";
import {
  LEGAL_DOCUMENT_STATUSES,
  legalDocumentsTable,
  PARTY_ROLES,
  PARTY_SIGNING_STATUSES,
} from "./tables/legal-documents.table";
import { LEGAL_TEMPLATE_CATEGORIES, legalVariablesSchema } from "./tables/legal-templates.table";

const c = initContract();

/** How long a mailed signing link works, unless SIGNING_LINK_EXPIRY says otherwise (seconds). */
export const SIGNING_LINK_DEFAULT_SECONDS = 14 * 24 * 3600;

const documentId = z.string().uuid("document_id must be a uuid");

export const documentCallSchema = z.object({ document_id: documentId }).strict();
export const voidDocumentSchema = z
  .object({
    document_id: documentId,
    reason: z.string().trim().min(1, "Voiding needs a reason").max(1000),
  })
  .strict();
export type VoidDocumentInput = z.infer<typeof voidDocumentSchema>;

/** A template as the editor holds it (saved or not): previewed with sample values. */
export const previewTemplateSchema = z
  .object({
    body_md: z.string().max(50_000),
    variables: legalVariablesSchema,
    category: z.enum(LEGAL_TEMPLATE_CATEGORIES).optional(),
  })
  .strict();
export const previewSchema = z.object({ html: z.string() });

const rowResponses = {
  200: legalDocumentsTable.row,
  ...restErrorResponses,
  404: restErrorResponses[400],
  409: restErrorResponses[400],
};

/**
 * The document lifecycle as PostgREST-style RPCs (supabase-js `.rpc(name, body)`), staff only. A move the
 * lifecycle does not allow answers 409 and changes nothing.
 */
const rpc = c.router({
  renderLegalDocument: {
    method: "POST",
    path: "/rest/v1/rpc/render_legal_document",
    headers: restHeadersSchema,
    body: documentCallSchema,
    responses: rowResponses,
    metadata: serviceRoleAccess("staff"),
    summary: "Render a draft to HTML, PDF and DOCX (stored in the documents bucket)",
  },
  sendLegalDocument: {
    method: "POST",
    path: "/rest/v1/rpc/send_legal_document",
    headers: restHeadersSchema,
    body: documentCallSchema,
    responses: rowResponses,
    metadata: serviceRoleAccess("staff"),
    summary: "Send a draft for signatures: final files, frozen SHA-256, a signing link mailed to each signer",
  },
  voidLegalDocument: {
    method: "POST",
    path: "/rest/v1/rpc/void_legal_document",
    headers: restHeadersSchema,
    body: voidDocumentSchema,
    responses: rowResponses,
    metadata: serviceRoleAccess("staff"),
    summary: "Void a document that is not fully signed; its signing links stop working",
  },
  previewLegalTemplate: {
    method: "POST",
    path: "/rest/v1/rpc/preview_legal_template",
    headers: restHeadersSchema,
    body: previewTemplateSchema,
    responses: { 200: previewSchema, ...restErrorResponses },
    metadata: serviceRoleAccess("staff"),
    summary: "Check a template and render it with sample values",
  },
});

/** The token of a mailed signing link (the page reads it from the link's fragment). */
const signingToken = z.string().min(16).max(128);

export const signingViewSchema = z.object({
  document: z.object({
    title: z.string(),
    status: z.enum(LEGAL_DOCUMENT_STATUSES),
    rendered_html: z.string(),
    content_sha256: z.string(),
    parties: z.array(
      z.object({
        name: z.string(),
        role: z.enum(PARTY_ROLES),
        status: z.enum(PARTY_SIGNING_STATUSES),
        /** The party this link belongs to (names can repeat). */
        is_you: z.boolean(),
      }),
    ),
  }),
  signer: z.object({ name: z.string(), email: z.string() }),
  expires_at: z.string(),
});
export type SigningView = z.infer<typeof signingViewSchema>;

export const signDocumentSchema = z
  .object({
    token: signingToken,
    full_name: z.string().trim().min(2, "Type your full name to sign").max(200),
    consent: z.literal(true, {
      errorMap: () => ({ message: "Tick the box to agree to sign electronically" }),
    }),
  })
  .strict();
export type SignDocumentInput = z.infer<typeof signDocumentSchema>;

/**
 * A name as a signature is compared with the party's: accents, case and spacing aside, so
 * "anna-lena  ÖBERG" is Anna-Lena Öberg's signature and "Someone Else" is nobody's but theirs.
 */
export const signatureNameKey = (name: string) =>
  name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();

export const signedReceiptSchema = z.object({
  signed_at: z.string(),
  status: z.enum(LEGAL_DOCUMENT_STATUSES),
});

const signingErrors = {
  400: apiErrorSchema,
  409: apiErrorSchema,
  410: apiErrorSchema,
  422: apiErrorSchema,
  429: apiErrorSchema,
};

/**
 * The public signing page's routes: no account, the mailed token is the key. A token works for one signer,
 * once, until it expires or the document is voided; every dead link gets the same 410.
 */
const signing = c.router({
  getSigningView: {
    method: "GET",
    path: "/api/sign",
    query: z.object({ token: signingToken }),
    responses: { 200: signingViewSchema, ...signingErrors },
    metadata: access("open"),
    summary: "The document a signing link is for (marks it viewed)",
  },
  signDocument: {
    method: "POST",
    path: "/api/sign",
    body: signDocumentSchema,
    responses: { 200: signedReceiptSchema, ...signingErrors },
    metadata: access("open"),
    summary: "Sign with a typed full name and consent",
  },
});

export const legalContract = c.router({ rpc, signing });
