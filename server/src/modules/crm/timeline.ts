import { randomUUID } from "node:crypto";
import type { ActivityAction } from "@app/contracts";
import { fixedQuery } from "../../db/compiled-query";
import type { Db } from "../../db/database";
import { type HookContext, hookActor, type Row, type TableHooks } from "../../rest/table-hooks";

/** Fields whose change is bookkeeping, not news: they never make a timeline row on their own. */
const QUIET = new Set(["updated_at", "created_at", "last_activity_at", "position"]);

type Changes = Record<string, { from: unknown; to: unknown }>;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** What an update changed, field by field (before → after), leaving out bookkeeping. */
export function changedFields(before: Row, after: Row): Changes {
  const changes: Changes = {};
  for (const [field, to] of Object.entries(after)) {
    if (QUIET.has(field) || same(before[field], to)) continue;
    changes[field] = { from: before[field] ?? null, to: to ?? null };
  }
  return changes;
}

/**
 * The timeline action an update is: archiving and restoring first, then a move of the record's state
 * (a deal's stage, a brief's status), else a plain update. Undefined when nothing worth telling changed.
 */
function actionOf(changes: Changes, stateField?: string): ActivityAction | undefined {
  if (changes.archived_at) return changes.archived_at.to === null ? "restored" : "archived";
  if (stateField && changes[stateField]) return "moved";
  return Object.keys(changes).length > 0 ? "updated" : undefined;
}

interface ActivityEntry {
  recordType: string;
  recordId: string;
  action: ActivityAction;
  changes: Changes;
  actorId: string | null;
  /** Set when the service_role key, not a person, made the change (see hookActor). */
  actorRole?: "service_role" | null;
  at: string;
  note?: string;
}

/** A timeline row's values, in the order the compiled statements below take them. */
const activityValues = (entry: ActivityEntry) =>
  [
    randomUUID(),
    entry.recordType,
    entry.recordId,
    entry.action,
    JSON.stringify(entry.changes),
    entry.actorId,
    entry.actorRole ?? null,
    entry.note ?? null,
    entry.at,
  ] as const;

// Every change to a CRM record writes one: compiled once (see fixedQuery), not built per request. One
// statement answers the row for the callers that show it; a write sent with the next statement drops it.
const insertActivity = fixedQuery(
  (
    k: Db,
    id: string,
    recordType: string,
    recordId: string,
    action: ActivityAction,
    changes: string,
    actorId: string | null,
    actorRole: "service_role" | null,
    note: string | null,
    at: string,
  ) =>
    k
      .insertInto("crm_activity")
      .values({
        id,
        record_type: recordType,
        record_id: recordId,
        action,
        changes,
        actor_id: actorId,
        actor_role: actorRole,
        note,
        created_at: at,
      })
      .returningAll(),
);
const touchLastActivity = fixedQuery((k, contactId: string, at: string) =>
  k.updateTable("crm_contacts").set({ last_activity_at: at }).where("id", "=", contactId),
);

export async function appendActivity(trx: Db, entry: ActivityEntry) {
  const row = await insertActivity.first(trx, ...activityValues(entry));
  if (!row) throw new Error("the timeline row was not returned");
  return row;
}

/** A contact touched by this change (its own row, or the one a deal or brief link names). */
export async function touchContact(ctx: Pick<HookContext, "trx" | "at">, contactId: unknown) {
  if (typeof contactId !== "string") return;
  await touchLastActivity.sendWithNext(ctx.trx, contactId, ctx.at);
}

/**
 * Hooks that write every create, update, move, archive, restore and delete of a CRM table to the timeline,
 * in the same transaction as the change, and keep the linked contact's last activity current.
 */
export function timelineHooks(
  recordType: string,
  opts: { stateField?: string; contactField?: string } = {},
): TableHooks {
  return {
    async afterWrite(ctx, { verb, before, after }) {
      const row = (after ?? before) as Row;
      let action: ActivityAction | undefined;
      let changes: Changes = {};
      if (verb === "insert") {
        action = "created";
        changes = changedFields({}, after as Row);
      } else if (verb === "delete") {
        action = "deleted";
      } else {
        changes = changedFields(before as Row, after as Row);
        action = actionOf(changes, opts.stateField);
      }
      if (!action) return;
      // Nothing reads the row back: it goes out with the transaction's next statement (see sendWithNext).
      const entry = {
        recordType,
        recordId: String(row.id),
        action,
        changes,
        ...hookActor(ctx),
        at: ctx.at,
      };
      await insertActivity.sendWithNext(ctx.trx, ...activityValues(entry));
      if (opts.contactField && verb !== "delete") await touchContact(ctx, row[opts.contactField]);
    },
  };
}

/** A contact's own changes are its activity: the nurture queue reads last_activity_at. */
export const contactHooks: TableHooks = {
  ...timelineHooks("crm_contacts"),
  beforeInsert: (ctx, values) => ({ ...values, last_activity_at: ctx.at }),
  beforeUpdate: (ctx, changes) => ({ ...changes, last_activity_at: ctx.at }),
};
