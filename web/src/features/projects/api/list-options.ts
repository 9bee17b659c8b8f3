import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { projectKeys } from "@/features/projects/api/project-keys";
import { searchFilter } from "@/lib/postgrest";
import { readTable } from "@/lib/read-table";

/** The most companies and documents the pickers offer (the tables' most rows per read). */
const PICKER_ROWS = 200;

/** Clients to choose from and to show by name (the API has no joins, so names are read here). */
export function useClientOptions() {
  return useQuery({
    queryKey: projectKeys.options("crm_companies"),
    queryFn: async ({ signal }) =>
      (
        await readTable(
          "crm_companies",
          { select: ["id", "name"], order: ["name.asc"], range: { limit: PICKER_ROWS } },
          signal,
        )
      ).rows,
    meta: { errorMessage: "Failed to load clients" },
  });
}

export function useClientNames(): Map<string, string> {
  const { data } = useClientOptions();
  return useMemo(() => new Map((data ?? []).map((company) => [company.id, company.name])), [data]);
}

/** Signed and draft contracts a project can point to. */
export function useDocumentOptions() {
  return useQuery({
    queryKey: projectKeys.options("legal_documents"),
    queryFn: async ({ signal }) =>
      (
        await readTable(
          "legal_documents",
          {
            select: ["id", "title", "status"],
            filters: { status: "neq.void" },
            order: ["updated_at.desc"],
            range: { limit: PICKER_ROWS },
          },
          signal,
        )
      ).rows,
    meta: { errorMessage: "Failed to load documents" },
  });
}

export type PersonOption = { id: string; first_name: string; last_name: string; stage_name: string | null };

export const personName = (person: PersonOption) =>
  person.stage_name
    ? `${person.stage_name} (${person.first_name} ${person.last_name})`
    : `${person.first_name} ${person.last_name}`;

/** Contacts whose name or e-mail matches what was typed (a page of them), or the ids asked for. */
export function usePeople(params: { search?: string; ids?: readonly string[] }) {
  const ids = [...new Set(params.ids ?? [])].sort();
  const search = params.search
    ? searchFilter(["first_name", "last_name", "stage_name", "email"], params.search)
    : undefined;
  return useQuery({
    // The two uses never share a cache entry: a search's page of contacts is not the ids asked for.
    queryKey: projectKeys.options(
      params.ids === undefined
        ? `crm_contacts?search=${params.search ?? ""}`
        : `crm_contacts?ids=${ids.join(",")}`,
    ),
    queryFn: async ({ signal }) =>
      (
        await readTable(
          "crm_contacts",
          {
            select: ["id", "first_name", "last_name", "stage_name"],
            filters: ids.length > 0 ? { id: `in.(${ids.join(",")})` } : search ? { and: search } : {},
            order: ["last_name.asc"],
            range: { limit: 50 },
          },
          signal,
        )
      ).rows as PersonOption[],
    enabled: ids.length > 0 || params.ids === undefined,
    meta: { errorMessage: "Failed to load contacts" },
  });
}
