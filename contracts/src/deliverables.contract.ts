import { initContract } from "@ts-rest/core";
import { z } from "zod";
import { access, apiErrorSchema, restErrorResponses, restHeadersSchema, serviceRoleAccess } from "./common";
import {
  DELIVERABLE_KINDS,
  DELIVERABLE_STATUSES,
  deliverablesTable,
  deliverableVersionsTable,
} from "./tables/deliverables.table";

const c = initContract();

/**
 * How long a mailed approval link works, unless APPROVAL_LINK_EXPIRY says otherwise (seconds): a week, as a
 * delivery waits on the client's answer and a stale link should not approve work long since moved on.
 */
export const APPROVAL_LINK_DEFAULT_SECONDS = 7 * 24 * 3600;

/** Where a version's file goes: the private bucket staff upload to before the version is recorded. */
export const DELIVERABLES_BUCKET = "deliverables";

const uuid = (what: string) => z.string().uuid(`${what} must be a uuid`);

export const deliverableCallSchema = z.object({ deliverable_id: uuid("deliverable_id") }).strict();

/**
 * A version from a file staff uploaded to the deliverables bucket under `<deliverable_id>/<uuid>`: the
 * server hashes the stored bytes itself and from then on the object can never change.
 */
export const addVersionSchema = z
  .object({
    deliverable_id: uuid("deliverable_id"),
    object_path: z.string().min(1).max(1024),
    note: z.string().trim().max(2000, "A note is at most 2000 characters").nullable().default(null),
  })
  .strict();
export type AddDeliverableVersion = z.input<typeof addVersionSchema>;

export const requestApprovalSchema = z
  .object({
    version_id: uuid("version_id"),
    email: z.string().trim().max(254).email("The client's e-mail address is needed"),
  })
  .strict();
export type RequestDeliverableApproval = z.infer<typeof requestApprovalSchema>;

export const approvalRequestedSchema = z.object({
  version_id: z.string(),
  email: z.string(),
  expires_at: z.string(),
});

const rpcErrors = {
  ...restErrorResponses,
  404: restErrorResponses[400],
  409: restErrorResponses[400],
  415: restErrorResponses[400],
};

/** A deliverable's state moves as PostgREST-style RPCs, staff only; a move its status forbids answers 409. */
const rpc = c.router({
  startDeliverable: {
    method: "POST",
    path: "/rest/v1/rpc/start_deliverable",
    headers: restHeadersSchema,
    body: deliverableCallSchema,
    responses: { 200: deliverablesTable.row, ...rpcErrors },
    metadata: serviceRoleAccess("staff"),
    summary: "Mark a pending deliverable (or one sent back with changes) as in progress",
  },
  addDeliverableVersion: {
    method: "POST",
    path: "/rest/v1/rpc/add_deliverable_version",
    headers: restHeadersSchema,
    body: addVersionSchema,
    responses: { 200: deliverableVersionsTable.row, ...rpcErrors },
    metadata: serviceRoleAccess("staff"),
    summary: "Record an uploaded file as the deliverable's next version (hashed by the server); submits it",
  },
  requestDeliverableApproval: {
    method: "POST",
    path: "/rest/v1/rpc/request_deliverable_approval",
    headers: restHeadersSchema,
    body: requestApprovalSchema,
    responses: { 200: approvalRequestedSchema, ...rpcErrors },
    metadata: serviceRoleAccess("staff"),
    summary: "Mail the client a single-use link to approve the latest submitted version or ask for changes",
  },
});

/** The token of a mailed approval link (the page reads it from the link's fragment). */
const approvalToken = z.string().min(16).max(128);
const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, "sha256 is the 64 hex digits the page showed");

export const approvalViewSchema = z.object({
  deliverable: z.object({
    title: z.string(),
    kind: z.enum(DELIVERABLE_KINDS),
    status: z.enum(DELIVERABLE_STATUSES),
    project_title: z.string().nullable(),
  }),
  version: z.object({
    version: z.number().int(),
    sha256: z.string(),
    size: z.number().int(),
    content_type: z.string(),
    note: z.string().nullable(),
    uploaded_at: z.string(),
  }),
  email: z.string(),
  expires_at: z.string(),
});
export type ApprovalView = z.infer<typeof approvalViewSchema>;

export const APPROVAL_DECISIONS = ["approve", "request_changes"] as const;

export const approvalDecisionSchema = z
  .object({
    token: approvalToken,
    /** The fingerprint the page showed: the decision is about exactly those bytes. */
    sha256: sha256Hex,
    decision: z.enum(APPROVAL_DECISIONS),
    comment: z.string().trim().max(5000, "A comment is at most 5000 characters").nullable().default(null),
  })
  .strict()
  .refine((d) => d.decision === "approve" || (d.comment ?? "").length > 0, {
    message: "Say what should change",
    path: ["comment"],
  });
export type ApprovalDecisionInput = z.input<typeof approvalDecisionSchema>;

export const approvalReceiptSchema = z.object({
  decided_at: z.string(),
  status: z.enum(DELIVERABLE_STATUSES),
});

const approvalErrors = { 400: apiErrorSchema, 409: apiErrorSchema, 410: apiErrorSchema, 429: apiErrorSchema };

/** The version's bytes, exactly as uploaded. */
const versionFile = c.otherResponse({ contentType: "application/octet-stream", body: z.unknown() });

/**
 * The public approval page's routes: no account, the mailed token is the key. A token decides once, for
 * one version, until it expires; a newer version makes it moot (409), and every dead link gets one 410.
 */
const approval = c.router({
  getApprovalView: {
    method: "GET",
    path: "/api/approve",
    query: z.object({ token: approvalToken }),
    responses: { 200: approvalViewSchema, ...approvalErrors },
    metadata: access("open"),
    summary: "The version an approval link is for",
  },
  getApprovalFile: {
    method: "GET",
    path: "/api/approve/file",
    query: z.object({ token: approvalToken, download: z.string().optional() }),
    responses: { 200: versionFile, ...approvalErrors },
    metadata: access("open"),
    summary: "Exactly that version's bytes, to play or download",
  },
  decideApproval: {
    method: "POST",
    path: "/api/approve",
    body: approvalDecisionSchema,
    responses: { 200: approvalReceiptSchema, ...approvalErrors },
    metadata: access("open"),
    summary: "Approve the version, or request changes with a comment",
  },
});

export const deliverablesContract = c.router({ rpc, approval });
