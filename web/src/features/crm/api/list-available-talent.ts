import { useQuery } from "@tanstack/react-query";
import { crmKeys } from "@/features/crm/api/crm-keys";
import type { Contact } from "@/features/crm/api/crm-types";
import { searchFilter } from "@/lib/postgrest";
import { type ReadOptions, readTable } from "@/lib/read-table";

/** Talent Matching shows this many at a time; a search narrows the rest. */
const AVAILABLE_TALENT_LIMIT = 30;

type AvailableTalent = Pick<Contact, "id" | "first_name" | "last_name" | "stage_name" | "roles">;

/** Active talent, by name, optionally matching a search over names, stage name and e-mail. */
export function useAvailableTalent(text: string) {
  const search = searchFilter(["first_name", "last_name", "stage_name", "email"], text);
  const query = {
    select: ["id", "first_name", "last_name", "stage_name", "roles"],
    filters: { kind: "eq.talent", archived_at: "is.null", ...(search ? { and: search } : {}) },
    order: ["last_name.asc", "first_name.asc"],
    range: { limit: AVAILABLE_TALENT_LIMIT },
  } satisfies ReadOptions<"crm_contacts", keyof AvailableTalent>;
  return useQuery({
    queryKey: crmKeys.list("crm_contacts", query),
    queryFn: ({ signal }) => readTable("crm_contacts", query, signal),
    meta: { errorMessage: "Failed to load talent" },
  });
}
