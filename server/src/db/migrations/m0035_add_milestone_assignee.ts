import type { Kysely } from "kysely";
import { dialectOf } from "./dialect";

/**
 * A milestone may have an assignee, the back-office account that sees to it, as a deliverable does:
 * "My Tasks" lists a person's milestones due beside their deliverables, so the pair is indexed the same.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema.alterTable("project_milestones").addColumn("assignee_id", t.uuid).execute();
  await db.schema
    .createIndex("project_milestones_assignee_due_idx")
    .on("project_milestones")
    .columns(["assignee_id", "due_date"])
    .execute();
}

/** Undoes up, so an older release's schema can be rebuilt (a restore, a test of migrating forward). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("project_milestones_assignee_due_idx").execute();
  await db.schema.alterTable("project_milestones").dropColumn("assignee_id").execute();
}
