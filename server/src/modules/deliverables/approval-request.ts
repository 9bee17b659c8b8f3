import type { RequestDeliverableApproval } from "@app/contracts";
import { AppError } from "../../http/app-error";
import type { RecordedActor } from "../../http/authorize";
import { randomToken, sha256 } from "../../platform/secrets";
import type { DeliverableDeps } from "./deps";
import * as repo from "./repository";
import { notFound } from "./status";
import { recordStep } from "./timeline";

const isoAt = (ms: number) => new Date(ms).toISOString();

/** Mails to one address are throttled, so the endpoint cannot be used to flood someone's inbox. */
async function throttle(deps: DeliverableDeps, email: string) {
  const verdict = await deps.limiter.hit(`deliverable-approval-mail:${sha256(email)}`, deps.mailRule);
  if (!verdict.allowed) {
    throw new AppError("rate_limited", "Too many approval mails to this address, please try again later", {
      retryAfterSeconds: verdict.retryAfterSeconds,
    });
  }
}

/**
 * Sends the client a link to decide on one version: only the deliverable's latest version, and only while
 * it is submitted. The token is mailed once the link is stored; the server keeps only its hash.
 */
export async function requestDeliverableApproval(
  deps: DeliverableDeps,
  input: RequestDeliverableApproval,
  actor: RecordedActor,
) {
  const email = input.email.trim().toLowerCase();
  const nowMs = deps.now();
  const at = isoAt(nowMs);
  const expiresAt = isoAt(nowMs + deps.linkTtlSeconds * 1000);
  const token = randomToken();
  await throttle(deps, email);
  const deliverable = await deps.db.withTransaction(async (trx) => {
    const version = await repo.findVersion(trx, input.version_id);
    if (!version) throw notFound("deliverable_versions", input.version_id);
    const current = await repo.findDeliverable(trx, version.deliverable_id, true);
    if (!current) throw notFound("deliverables", version.deliverable_id);
    const latest = await repo.latestVersion(trx, current.id);
    if (current.status !== "submitted" || latest?.id !== version.id) {
      throw new AppError(
        "invalid_state",
        "Only the latest version of a submitted deliverable can be sent for approval",
        { details: `status is ${current.status}; latest version is ${latest?.version ?? "none"}` },
      );
    }
    await repo.insertLink(trx, {
      token_hash: sha256(token),
      version_id: version.id,
      email,
      expires_at: expiresAt,
      used_at: null,
      created_by: actor.actorId,
      created_at: at,
    });
    await repo.markAwaiting(trx, version.id, at, expiresAt);
    await recordStep(trx, {
      deliverableId: current.id,
      action: "note",
      ...actor,
      at,
      note: `Version ${version.version} sent to ${email} for approval (link valid until ${expiresAt}).`,
    });
    return current;
  });
  await deps.mailer.send({
    kind: "deliverable_approval_request",
    to: email,
    title: deliverable.title,
    link: `${deps.siteUrl}/approve#token=${token}`,
    expiresInSeconds: deps.linkTtlSeconds,
  });
  return { version_id: input.version_id, email, expires_at: expiresAt };
}
