import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { crmKeys } from "@/features/crm/api/crm-keys";
import type { Activity } from "@/features/crm/api/crm-types";
import { readTable } from "@/features/crm/api/read-table";

export const ACTIVITY_PAGE_SIZE = 50;

/** Who made the change: anyone, one person, or nobody (rows written by an import or the demo seed). */
export type ActorFilter = { kind: "anyone" } | { kind: "person"; id: string } | { kind: "nobody" };

export type ActivityParams = {
  recordType?: string;
  recordId?: string;
  actor?: ActorFilter;
  /** Counted from 1. */
  page?: number;
};

/** Newest first, a page at a time. */
export function activityQuery({ recordType, recordId, actor, page = 1 }: ActivityParams) {
  const query: Record<string, string> = {
    order: "created_at.desc",
    limit: String(ACTIVITY_PAGE_SIZE),
    offset: String((page - 1) * ACTIVITY_PAGE_SIZE),
  };
  if (recordType) query.record_type = `eq.${recordType}`;
  if (recordId) query.record_id = `eq.${recordId}`;
  if (actor?.kind === "person") query.actor_id = `eq.${actor.id}`;
  if (actor?.kind === "nobody") query.actor_id = "is.null";
  return query;
}

export function useActivity(params: ActivityParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: crmKeys.activity(params),
    enabled,
    queryFn: ({ signal }) => readTable<Activity>("crm_activity", activityQuery(params), signal),
    placeholderData: keepPreviousData,
    meta: { errorMessage: "Failed to load the activity timeline" },
  });
}
