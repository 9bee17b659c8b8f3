import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { crmKeys } from "@/features/crm/api/crm-keys";
import type { Company } from "@/features/crm/api/crm-types";
import { searchFilter } from "@/lib/postgrest";
import { type Filters, type ReadOptions, readTable } from "@/lib/read-table";

export const COMPANY_PAGE_SIZE = 50;
/** The table's most rows per read: the pickers and name lookups read them in one call. */
const COMPANY_MAX_ROWS = 200;

export type CompanyListParams = { search: string; page: number; isArchived: boolean };

function companyListQuery(params: CompanyListParams): ReadOptions<"crm_companies"> {
  const filters: Filters<"crm_companies"> = { archived_at: params.isArchived ? "not.is.null" : "is.null" };
  const search = searchFilter(["name", "city", "org_number"], params.search);
  if (search) filters.and = search;
  return {
    filters,
    order: ["name.asc"],
    range: { limit: COMPANY_PAGE_SIZE, offset: (params.page - 1) * COMPANY_PAGE_SIZE },
  };
}

export function useCompanies(params: CompanyListParams) {
  return useQuery({
    queryKey: crmKeys.list("crm_companies", params),
    queryFn: ({ signal }) => readTable("crm_companies", companyListQuery(params), signal),
    placeholderData: keepPreviousData,
    meta: { errorMessage: "Failed to load companies" },
  });
}

type CompanyOption = Pick<Company, "id" | "name" | "archived_at">;

/**
 * Every company's id and name: the pickers of the deal, brief and contact forms, and the client names
 * on cards (the API has no joins, so names are looked up here).
 */
export function useCompanyOptions() {
  const query = {
    select: ["id", "name", "archived_at"],
    order: ["name.asc"],
    range: { limit: COMPANY_MAX_ROWS },
  } satisfies ReadOptions<"crm_companies", keyof CompanyOption>;
  return useQuery({
    queryKey: crmKeys.list("crm_companies", query),
    queryFn: async ({ signal }) => (await readTable("crm_companies", query, signal)).rows,
    meta: { errorMessage: "Failed to load companies" },
  });
}

/** id → name, for cards and tables that show a company by name. */
export function useCompanyNames(): Map<string, string> {
  const { data } = useCompanyOptions();
  return useMemo(() => new Map((data ?? []).map((company) => [company.id, company.name])), [data]);
}
