import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { crmKeys } from "@/features/crm/api/crm-keys";
import { type ReadOptions, readTable } from "@/lib/read-table";

export const ACTIVITY_PAGE_SIZE = 50;

/**
 * Who made the change: anyone, one person, a server-side integration (the service key), or nobody (rows
 * written by an import or the demo seed).
 */
export type ActorFilter =
  | { kind: "anyone" }
  | { kind: "person"; id: string }
  | { kind: "service" }
  | { kind: "nobody" };

export type ActivityParams = {
  recordType?: string;
  recordId?: string;
  actor?: ActorFilter;
  /** Counted from 1. */
  page?: number;
};

/** Newest first, a page at a time. */
function activityQuery({ recordType, recordId, actor, page = 1 }: ActivityParams) {
  const filters: NonNullable<ReadOptions<"crm_activity">["filters"]> = {};
  if (recordType) filters.record_type = `eq.${recordType}`;
  if (recordId) filters.record_id = `eq.${recordId}`;
  if (actor?.kind === "person") filters.actor_id = `eq.${actor.id}`;
  if (actor?.kind === "service") filters.actor_role = "eq.service_role";
  if (actor?.kind === "nobody") {
    filters.actor_id = "is.null";
    filters.actor_role = "is.null";
  }
  return {
    filters,
    order: ["created_at.desc"],
    range: { limit: ACTIVITY_PAGE_SIZE, offset: (page - 1) * ACTIVITY_PAGE_SIZE },
  } satisfies ReadOptions<"crm_activity">;
}

export function useActivity(params: ActivityParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: crmKeys.activity(params),
    enabled,
    queryFn: ({ signal }) => readTable("crm_activity", activityQuery(params), signal),
    placeholderData: keepPreviousData,
    meta: { errorMessage: "Failed to load the activity timeline" },
  });
}
