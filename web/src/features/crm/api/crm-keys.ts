import { crmQueryKey } from "@/lib/query-keys";

/**
 * Every CRM read is cached under `crm` (see lib/query-keys), so one invalidation after a write refreshes
 * lists, boards, timelines and dashboards alike: a write may change any of them (the timeline, a
 * contact's last activity, a column's total).
 */
export const crmKeys = {
  all: crmQueryKey,
  list: (table: string, params: object) => [...crmQueryKey, table, "list", params] as const,
  record: (table: string, id: string) => [...crmQueryKey, table, "record", id] as const,
  facets: (kind: string) => [...crmQueryKey, "crm_contacts", "facets", kind] as const,
  names: (table: string, ids: readonly string[]) => [...crmQueryKey, table, "names", ids] as const,
  activity: (params: object) => [...crmQueryKey, "crm_activity", params] as const,
  figures: (name: string) => [...crmQueryKey, "figures", name] as const,
};

/** What every CRM write refreshes. */
export const CRM_WRITE_INVALIDATES = [crmQueryKey] as const;
