import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { crmKeys } from "@/features/crm/api/crm-keys";
import type { Company } from "@/features/crm/api/crm-types";
import { readTable } from "@/features/crm/api/read-table";
import { searchFilter } from "@/lib/postgrest";

export const COMPANY_PAGE_SIZE = 50;
/** The table's most rows per read: the pickers and name lookups read them in one call. */
const COMPANY_MAX_ROWS = 200;

export type CompanyListParams = { search: string; page: number; isArchived: boolean };

export function companyListQuery(params: CompanyListParams): Record<string, string> {
  const query: Record<string, string> = {
    archived_at: params.isArchived ? "not.is.null" : "is.null",
    order: "name.asc",
    limit: String(COMPANY_PAGE_SIZE),
    offset: String((params.page - 1) * COMPANY_PAGE_SIZE),
  };
  const search = searchFilter(["name", "city", "org_number"], params.search);
  if (search) query.and = search;
  return query;
}

export function useCompanies(params: CompanyListParams) {
  return useQuery({
    queryKey: crmKeys.list("crm_companies", params),
    queryFn: ({ signal }) => readTable<Company>("crm_companies", companyListQuery(params), signal),
    placeholderData: keepPreviousData,
    meta: { errorMessage: "Failed to load companies" },
  });
}

export type CompanyOption = Pick<Company, "id" | "name" | "archived_at">;

/**
 * Every company's id and name: the pickers of the deal, brief and contact forms, and the client names
 * on cards (the API has no joins, so names are looked up here).
 */
export function useCompanyOptions() {
  const query = { select: "id,name,archived_at", order: "name.asc", limit: String(COMPANY_MAX_ROWS) };
  return useQuery({
    queryKey: crmKeys.list("crm_companies", query),
    queryFn: async ({ signal }) => (await readTable<CompanyOption>("crm_companies", query, signal)).rows,
    meta: { errorMessage: "Failed to load companies" },
  });
}

/** id → name, for cards and tables that show a company by name. */
export function useCompanyNames(): Map<string, string> {
  const { data } = useCompanyOptions();
  return useMemo(() => new Map((data ?? []).map((company) => [company.id, company.name])), [data]);
}
