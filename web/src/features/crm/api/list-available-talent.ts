import { useQuery } from "@tanstack/react-query";
import { crmKeys } from "@/features/crm/api/crm-keys";
import type { Contact } from "@/features/crm/api/crm-types";
import { readTable } from "@/features/crm/api/read-table";
import { searchFilter } from "@/lib/postgrest";

/** Talent Matching shows this many at a time; a search narrows the rest. */
export const AVAILABLE_TALENT_LIMIT = 30;

export type AvailableTalent = Pick<Contact, "id" | "first_name" | "last_name" | "stage_name" | "roles">;

/** Active talent, by name, optionally matching a search over names, stage name and e-mail. */
export function useAvailableTalent(text: string) {
  const search = searchFilter(["first_name", "last_name", "stage_name", "email"], text);
  const query: Record<string, string> = {
    select: "id,first_name,last_name,stage_name,roles",
    kind: "eq.talent",
    archived_at: "is.null",
    order: "last_name.asc,first_name.asc",
    limit: String(AVAILABLE_TALENT_LIMIT),
    ...(search ? { and: search } : {}),
  };
  return useQuery({
    queryKey: crmKeys.list("crm_contacts", query),
    queryFn: ({ signal }) => readTable<AvailableTalent>("crm_contacts", query, signal),
    meta: { errorMessage: "Failed to load talent" },
  });
}
