import { useQueries } from "@tanstack/react-query";
import { crmKeys } from "@/features/crm/api/crm-keys";
import type { Activity, Contact } from "@/features/crm/api/crm-types";
import { readTable } from "@/features/crm/api/read-table";
import { CONTACT_WORDS } from "@/features/crm/utils/contact-words";
import { distinctSorted } from "@/features/crm/utils/distinct-sorted";
import { formatContactName } from "@/features/crm/utils/names";

export type RecordName = { name: string; href: string };

type NamedTable = "crm_contacts" | "crm_companies" | "crm_deals" | "crm_briefs";
type NameRow = Partial<Contact> & { id: string; name?: string; title?: string };

/** Which columns name a record of each table, and where its screen is. */
const NAMING: Record<NamedTable, { select: string; name(row: NameRow): string; href(row: NameRow): string }> =
  {
    crm_contacts: {
      select: "id,first_name,last_name,kind",
      name: (row) => formatContactName({ first_name: row.first_name ?? "", last_name: row.last_name ?? "" }),
      href: (row) => `${CONTACT_WORDS[row.kind ?? "talent"].basePath}/${row.id}`,
    },
    crm_companies: {
      select: "id,name",
      name: (row) => row.name ?? "",
      href: (row) => `/app/crm/companies/${row.id}`,
    },
    crm_deals: { select: "id,title", name: (row) => row.title ?? "", href: () => "/app/crm/deals" },
    crm_briefs: { select: "id,title", name: (row) => row.title ?? "", href: () => "/app/crm/briefs" },
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
        queryFn: async ({ signal }: { signal: AbortSignal }) => {
          const { rows } = await readTable<NameRow>(
            type,
            { select: NAMING[type].select, id: `in.(${ids.join(",")})`, limit: String(ids.length) },
            signal,
          );
          return rows.map(
            (row) => [row.id, { name: NAMING[type].name(row), href: NAMING[type].href(row) }] as const,
          );
        },
      };
    }),
  });
  return {
    names: new Map<string, RecordName>(results.flatMap((result) => result.data ?? [])),
    isLoading: results.some((result) => result.isPending),
  };
}
