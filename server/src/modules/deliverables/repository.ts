import { type DeliverableStatus, type RowOf, tables } from "@app/contracts";
import { sql } from "kysely";
import type { Db } from "../../db/database";
import { isPostgres } from "../../db/engine-of";
import type { DeliverableApprovalLinkTable } from "../../db/schema";
import { toApiRow } from "../../db/stored-values";

/** Every SQL statement of deliverables; the executor comes first (inside a transaction, only it). */

export type Deliverable = RowOf<typeof tables.deliverables>;
export type DeliverableVersion = RowOf<typeof tables.deliverable_versions>;

export async function findDeliverable(db: Db, id: string, lock = false): Promise<Deliverable | undefined> {
  let query = db.selectFrom("deliverables").selectAll().where("id", "=", id);
  // PostgreSQL runs at READ COMMITTED: a move reads, decides and writes with the row held.
  if (lock && isPostgres(db)) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && toApiRow(tables.deliverables, row);
}

export async function setStatus(db: Db, id: string, status: DeliverableStatus, at: string) {
  const row = await db
    .updateTable("deliverables")
    .set({ status, updated_at: at })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toApiRow(tables.deliverables, row);
}

export async function findVersion(db: Db, id: string): Promise<DeliverableVersion | undefined> {
  const row = await db.selectFrom("deliverable_versions").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toApiRow(tables.deliverable_versions, row);
}

export async function latestVersion(db: Db, deliverableId: string): Promise<DeliverableVersion | undefined> {
  const row = await db
    .selectFrom("deliverable_versions")
    .selectAll()
    .where("deliverable_id", "=", deliverableId)
    .orderBy("version", "desc")
    .limit(1)
    .executeTakeFirst();
  return row && toApiRow(tables.deliverable_versions, row);
}

export async function versionWithPath(db: Db, path: string) {
  return db
    .selectFrom("deliverable_versions")
    .select("id")
    .where("object_path", "=", path)
    .executeTakeFirst();
}

export async function insertVersion(
  db: Db,
  values: Omit<
    DeliverableVersion,
    "approval_state" | "approval_requested_at" | "approval_expires_at" | "decided_at" | "decision_comment"
  >,
) {
  const row = await db
    .insertInto("deliverable_versions")
    .values(values)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toApiRow(tables.deliverable_versions, row);
}

/** Older versions still waiting for the client are passed over: their links decide nothing now. */
export async function supersedeAwaiting(db: Db, deliverableId: string, beforeVersion: number) {
  await db
    .updateTable("deliverable_versions")
    .set({ approval_state: "superseded" })
    .where("deliverable_id", "=", deliverableId)
    .where("version", "<", beforeVersion)
    .where("approval_state", "=", "awaiting")
    .execute();
}

/**
 * The version waits for the client from the first link sent; each link sent later (a resend) moves when
 * the waiting ends to that link's expiry.
 */
export async function markAwaiting(db: Db, id: string, at: string, expiresAt: string) {
  await db
    .updateTable("deliverable_versions")
    .set({
      approval_state: "awaiting",
      approval_requested_at: sql`coalesce(approval_requested_at, ${at})`,
      approval_expires_at: expiresAt,
    })
    .where("id", "=", id)
    .execute();
}

export async function recordDecision(
  db: Db,
  id: string,
  values: {
    approval_state: "approved" | "changes_requested";
    decided_at: string;
    decision_comment: string | null;
  },
) {
  await db.updateTable("deliverable_versions").set(values).where("id", "=", id).execute();
}

export async function insertLink(db: Db, link: DeliverableApprovalLinkTable) {
  await db.insertInto("deliverable_approval_links").values(link).execute();
}

export async function findLink(db: Db, tokenHash: string) {
  return db
    .selectFrom("deliverable_approval_links")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
}

/** Marks the link used, if nobody did first: false when another request used it already. */
export async function useLink(db: Db, tokenHash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("deliverable_approval_links")
    .set({ used_at: at })
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function projectTitle(db: Db, projectId: string): Promise<string | null> {
  const row = await db.selectFrom("projects").select("title").where("id", "=", projectId).executeTakeFirst();
  return row?.title ?? null;
}

/** Of `keys` in the deliverables bucket, those a recorded version points at. */
export async function pathsOfVersions(db: Db, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom("deliverable_versions")
    .select("object_path")
    .where("object_path", "in", keys)
    .execute();
  return rows.map((r) => r.object_path);
}
