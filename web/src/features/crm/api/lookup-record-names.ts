import { useQueries } from "@tanstack/react-query";
import { crmKeys } from "@/features/crm/api/crm-keys";
import type { Activity } from "@/features/crm/api/crm-types";
import { CONTACT_WORDS } from "@/features/crm/utils/contact-words";
import { distinctSorted } from "@/features/crm/utils/distinct-sorted";
import { formatContactName } from "@/features/crm/utils/names";
import { readTable } from "@/lib/read-table";

export type RecordName = { name: string; href: string };

type NamedTable = "crm_contacts" | "crm_companies" | "crm_deals" | "crm_briefs";
type Named = readonly (readonly [string, RecordName])[];

/** The records' ids with `id=in.(…)`, as many rows as ids. */
const byIds = (ids: readonly string[]) => ({
  filters: { id: `in.(${ids.join(",")})` },
  range: { limit: ids.length },
});

/** How each table's records are read by id, named, and linked to their screen. */
const NAMING: Record<NamedTable, (ids: readonly string[], signal: AbortSignal) => Promise<Named>> = {
  crm_contacts: async (ids, signal) => {
    const select = ["id", "first_name", "last_name", "kind"] as const;
    const { rows } = await readTable("crm_contacts", { select, ...byIds(ids) }, signal);
    return rows.map((row) => {
      const href = `${CONTACT_WORDS[row.kind].basePath}/${row.id}`;
      return [row.id, { name: formatContactName(row), href }] as const;
    });
  },
  crm_companies: async (ids, signal) => {
    const { rows } = await readTable("crm_companies", { select: ["id", "name"], ...byIds(ids) }, signal);
    return rows.map((row) => [row.id, { name: row.name, href: `/app/crm/companies/${row.id}` }] as const);
  },
  crm_deals: async (ids, signal) => {
    const { rows } = await readTable("crm_deals", { select: ["id", "title"], ...byIds(ids) }, signal);
    return rows.map((row) => [row.id, { name: row.title, href: "/app/crm/deals" }] as const);
  },
  crm_briefs: async (ids, signal) => {
    const { rows } = await readTable("crm_briefs", { select: ["id", "title"], ...byIds(ids) }, signal);
    return rows.map((row) => [row.id, { name: row.title, href: "/app/crm/briefs" }] as const);
  },
};

/** Whether records of a table have a name to show (a talent link, for one, has none of its own). */
export const hasName = (type: string): type is NamedTable => type in NAMING;

/**
 * The names of the records a page of timeline rows is about (the API has no joins): one read per table,
 * `id=in.(…)`. A record that is gone has no name and its row says so.
 */
export function useRecordNames(activities: readonly Activity[]) {
  const types = distinctSorted(activities.map((row) => row.record_type)).filter(hasName);
  const results = useQueries({
    queries: types.map((type) => {
      const ids = distinctSorted(
        activities.filter((row) => row.record_type === type).map((row) => row.record_id),
      );
      return {
        queryKey: crmKeys.names(type, ids),
        queryFn: ({ signal }: { signal: AbortSignal }) => NAMING[type](ids, signal),
      };
    }),
  });
  return {
    names: new Map<string, RecordName>(results.flatMap((result) => result.data ?? [])),
    isLoading: results.some((result) => result.isPending),
  };
}
