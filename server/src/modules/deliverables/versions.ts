import { createHash, randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { type AddDeliverableVersion, DELIVERABLES_BUCKET } from "@app/contracts";
import { AppError } from "../../http/app-error";
import type { RecordedActor } from "../../http/authorize";
import { getBucket } from "../storage/service";
import type { DeliverableDeps } from "./deps";
import * as repo from "./repository";
import { assertTransition, notFound } from "./status";
import { recordStep, statusChange } from "./timeline";

const isoAt = (ms: number) => new Date(ms).toISOString();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Work on a pending deliverable (or one the client sent back) has started. */
export async function startDeliverable(deps: DeliverableDeps, id: string, actor: RecordedActor) {
  const at = isoAt(deps.now());
  return deps.db.withTransaction(async (trx) => {
    const current = await repo.findDeliverable(trx, id, true);
    if (!current) throw notFound("deliverables", id);
    assertTransition(current.status, "in_progress");
    const row = await repo.setStatus(trx, id, "in_progress", at);
    await recordStep(trx, {
      deliverableId: id,
      action: "moved",
      ...actor,
      at,
      note: "Work started.",
      changes: statusChange(current.status, "in_progress"),
    });
    return row;
  });
}

async function sha256Of(stream: Readable) {
  const hash = createHash("sha256");
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/**
 * A version's file is a fresh object of its own: `<deliverable_id>/<uuid>`, so every upload is a new key
 * and no version can ever be pointed at another's bytes.
 */
function assertOwnFreshKey(deliverableId: string, path: string) {
  const [folder, name, ...rest] = path.split("/");
  if (
    folder === deliverableId &&
    name &&
    UUID.test(name.replace(/\.[A-Za-z0-9]{1,8}$/, "")) &&
    rest.length === 0
  )
    return;
  throw new AppError("invalid_body", `object_path must be ${deliverableId}/<uuid>, a new upload of its own`, {
    details: "object_path",
  });
}

/**
 * Records an uploaded file as the deliverable's next version and submits the deliverable. The SHA-256 is
 * the server's, from the stored bytes; the transaction then checks that the object still holds exactly
 * those bytes (its blob is the one hashed), so the hash on the row is the hash of what is stored, and
 * from that commit the object is locked against every replace, move and removal.
 */
export async function addDeliverableVersion(
  deps: DeliverableDeps,
  input: AddDeliverableVersion,
  actor: RecordedActor,
) {
  const { deliverable_id: deliverableId, object_path: path } = input;
  const read = await repo.findDeliverable(deps.db, deliverableId);
  if (!read) throw notFound("deliverables", deliverableId);
  assertTransition(read.status, "submitted");
  assertOwnFreshKey(deliverableId, path);
  if (await repo.versionWithPath(deps.db, path))
    throw new AppError("23505", "That file is already a version: upload the new file under a new name");
  const bucket = await getBucket(deps.db, DELIVERABLES_BUCKET);
  if (!bucket) throw new Error(`the storage bucket ${DELIVERABLES_BUCKET} is missing`);
  const { row: object, stream } = await deps.storage.read(bucket, path, true);
  const sha256 = await sha256Of(stream as Readable);
  const at = isoAt(deps.now());
  return deps.db.withTransaction(async (trx) => {
    const current = await repo.findDeliverable(trx, deliverableId, true);
    if (!current) throw notFound("deliverables", deliverableId);
    assertTransition(current.status, "submitted");
    const still = await trx
      .selectFrom("storage_objects")
      .select("blob_id")
      .where("bucket_id", "=", bucket.id)
      .where("name", "=", path)
      .executeTakeFirst();
    if (still?.blob_id !== object.blob_id)
      throw new AppError("invalid_state", "The file changed while it was being recorded: try again");
    const previous = await repo.latestVersion(trx, deliverableId);
    const number = (previous?.version ?? 0) + 1;
    const version = await repo.insertVersion(trx, {
      id: randomUUID(),
      deliverable_id: deliverableId,
      version: number,
      object_path: path,
      sha256,
      size: Number(object.size),
      content_type: object.mimetype,
      note: input.note ?? null,
      uploaded_by: actor.actorId,
      uploaded_at: at,
    });
    await repo.supersedeAwaiting(trx, deliverableId, number);
    await repo.setStatus(trx, deliverableId, "submitted", at);
    await recordStep(trx, {
      deliverableId,
      action: "moved",
      ...actor,
      at,
      note: `Version ${number} uploaded (SHA-256 ${sha256.slice(0, 12)}…)${input.note ? `: ${input.note}` : "."}`,
      changes: {
        version: { from: previous?.version ?? null, to: number },
        ...statusChange(current.status, "submitted"),
      },
    });
    return version;
  });
}
