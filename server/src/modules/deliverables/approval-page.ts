import {
  type ApprovalDecisionInput,
  type ApprovalView,
  DELIVERABLES_BUCKET,
  type DeliverableStatus,
} from "@app/contracts";
import type { Request, Response } from "express";
import type { Db } from "../../db/database";
import { AppError } from "../../http/app-error";
import { guardLinkLookup } from "../../http/link-guard";
import { requesterOf } from "../../platform/deps";
import { sha256 } from "../../platform/secrets";
import { sendObject } from "../storage/serve";
import { getBucket } from "../storage/service";
import type { DeliverableDeps } from "./deps";
import * as repo from "./repository";
import { recordStep, statusChange } from "./timeline";

const isoAt = (ms: number) => new Date(ms).toISOString();

/** Every dead link answers the same, so a link says nothing about a deliverable it does not open. */
const deadLink = () =>
  new AppError(
    "approval_link_invalid",
    "This approval link no longer works: it was used already, or it expired",
  );

const passedOver = () =>
  new AppError(
    "approval_superseded",
    "This version is no longer waiting for a decision: a newer version was sent, or it was decided already",
  );

async function throttle(deps: DeliverableDeps, ip: string) {
  const verdict = await deps.limiter.hit(`deliverable-approve:${ip}`, deps.pageRule);
  if (!verdict.allowed) {
    throw new AppError("rate_limited", "Too many requests, please try again later", {
      retryAfterSeconds: verdict.retryAfterSeconds,
    });
  }
}

/**
 * The link, its version and deliverable, if the link still decides something: unused and unexpired (else
 * 410), and its version the deliverable's latest, still awaiting the client (else 409).
 */
async function liveLink(db: Db, token: string, at: string, lock: boolean) {
  const link = await repo.findLink(db, sha256(token));
  if (!link || link.used_at !== null || link.expires_at <= at) throw deadLink();
  const version = await repo.findVersion(db, link.version_id);
  const deliverable = version && (await repo.findDeliverable(db, version.deliverable_id, lock));
  if (!version || !deliverable) throw deadLink();
  const latest = await repo.latestVersion(db, deliverable.id);
  if (
    version.approval_state !== "awaiting" ||
    deliverable.status !== "submitted" ||
    latest?.id !== version.id
  )
    throw passedOver();
  return { link, version, deliverable };
}

export async function viewApproval(deps: DeliverableDeps, token: string, ip: string): Promise<ApprovalView> {
  await throttle(deps, ip);
  const { link, version, deliverable } = await liveLink(deps.db, token, isoAt(deps.now()), false);
  return {
    deliverable: {
      title: deliverable.title,
      kind: deliverable.kind,
      status: deliverable.status,
      project_title: await repo.projectTitle(deps.db, deliverable.project_id),
    },
    version: {
      version: version.version,
      sha256: version.sha256,
      size: version.size,
      content_type: version.content_type,
      note: version.note,
      uploaded_at: version.uploaded_at,
    },
    email: link.email,
    expires_at: link.expires_at,
  };
}

/** Exactly the bytes of the link's version, as stored (never another version's, whatever is newer). */
export async function sendApprovalFile(deps: DeliverableDeps, req: Request, res: Response) {
  const token = typeof req.query.token === "string" ? req.query.token : "";
  const { version } = await guardLinkLookup(
    deps.limiter,
    `deliverable-file:${requesterOf(req).ip}`,
    deps.fileGuessRule,
    async () => {
      if (token.length < 16 || token.length > 128) throw deadLink();
      return liveLink(deps.db, token, isoAt(deps.now()), false);
    },
  );
  const bucket = await getBucket(deps.db, DELIVERABLES_BUCKET);
  if (!bucket) throw new Error(`the storage bucket ${DELIVERABLES_BUCKET} is missing`);
  const { row, stream } = await deps.storage.read(bucket, version.object_path, req.method === "GET");
  sendObject(req, res, row, stream, { publicRead: false });
}

const OUTCOME = {
  approve: { state: "approved", status: "approved", words: "approved" },
  request_changes: {
    state: "changes_requested",
    status: "changes_requested",
    words: "sent back with changes requested",
  },
} as const satisfies Record<string, { state: string; status: DeliverableStatus; words: string }>;

/**
 * The client's decision on the version the page showed: bound to its SHA-256 (another hash is a 409 and
 * uses nothing up), once only (the link is used in the same commit), and only while the version is still
 * the latest one waiting.
 */
export async function decideApproval(deps: DeliverableDeps, input: ApprovalDecisionInput, ip: string) {
  await throttle(deps, ip);
  const at = isoAt(deps.now());
  const outcome = OUTCOME[input.decision];
  return deps.db.withTransaction(async (trx) => {
    const { link, version, deliverable } = await liveLink(trx, input.token, at, true);
    if (input.sha256 !== version.sha256) {
      throw new AppError(
        "approval_hash_mismatch",
        "The file you reviewed is not the version this link is for: reload the page and listen again",
        { details: `version ${version.version} has SHA-256 ${version.sha256}` },
      );
    }
    if (!(await repo.useLink(trx, link.token_hash, at))) throw deadLink();
    const comment = input.comment?.trim() || null;
    await repo.recordDecision(trx, version.id, {
      approval_state: outcome.state,
      decided_at: at,
      decision_comment: comment,
    });
    await repo.setStatus(trx, deliverable.id, outcome.status, at);
    await recordStep(trx, {
      deliverableId: deliverable.id,
      action: "moved",
      actorId: null,
      actorRole: null,
      at,
      note: `Version ${version.version} (SHA-256 ${version.sha256.slice(0, 12)}…) ${outcome.words} by ${link.email}${comment ? `: ${comment}` : "."}`,
      changes: {
        ...statusChange(deliverable.status, outcome.status),
        decided_sha256: { from: null, to: version.sha256 },
      },
    });
    return { decided_at: at, status: outcome.status };
  });
}
