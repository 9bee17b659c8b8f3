import { z } from "zod";
import { column, defineTable } from "./define-table";

export const ACTIVITY_ACTIONS = [
  "created",
  "updated",
  "moved",
  "archived",
  "restored",
  "note",
  "deleted",
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** One changed field: what it was and what it became. */
export const activityChangeSchema = z.object({ from: z.unknown(), to: z.unknown() });

/**
 * The CRM's timeline: appended by the services in the same transaction as each change they record.
 * Staff read it through the data API; nobody writes it there.
 */
export const crmActivityTable = defineTable({
  name: "crm_activity",
  area: "crm",
  description: "the append-only timeline of every CRM change (staff read it; only the server writes it)",
  columns: {
    id: column.uuid().withDefault(),
    record_type: column.text(50),
    record_id: column.uuid(),
    action: column.enum(ACTIVITY_ACTIONS),
    changes: column.json(z.record(z.string(), activityChangeSchema)).withDefault(),
    /** The person who made the change. */
    actor_id: column.uuid().orNull(),
    /** The key that made it when no person did: the service_role key of a server-side integration. */
    actor_role: column.enum(["service_role"]).orNull(),
    /** The text of a `note` row. */
    note: column.text(5000).orNull(),
    created_at: column.timestamp().generated(),
  },
  defaultOrder: "created_at.desc",
  maxRows: 200,
  policy: { select: ["staff", "admin"], insert: [], update: [], delete: [] },
});
