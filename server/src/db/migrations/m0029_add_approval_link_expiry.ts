import { type Kysely, sql } from "kysely";
import { dialectOf } from "./dialect";

/**
 * When the newest link sent for a version stops working. A version stays `awaiting` after its link
 * expires (the client may still be sent a new one), so this is what tells a version a client can still
 * decide on from one nobody can decide on until staff send the link again. Versions already waiting take
 * the expiry of their newest unused link.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema.alterTable("deliverable_versions").addColumn("approval_expires_at", t.timestamp).execute();
  await sql`update deliverable_versions set approval_expires_at = (
      select max(l.expires_at) from deliverable_approval_links l
      where l.version_id = deliverable_versions.id and l.used_at is null)
    where approval_state = 'awaiting'`.execute(db);
}

/** Undoes up, so an older release's schema can be rebuilt (a restore, a test of migrating forward). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("deliverable_versions").dropColumn("approval_expires_at").execute();
}
