import { type CONTACT_KINDS, TALENT_PAGE_LIMIT } from "@app/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { crmKeys } from "@/features/crm/api/crm-keys";
import { COMPANY_NAME, type Contact, type WithCompany } from "@/features/crm/api/crm-types";
import { TALENT_LOAD_TOAST } from "@/lib/list-talent";
import { containsAll, type RowsAnswer, searchFilter } from "@/lib/postgrest";
import { type Filters, type ReadOptions, readTable } from "@/lib/read-table";

export type ContactKind = (typeof CONTACT_KINDS)[number];

export type ContactListParams = {
  kind: ContactKind;
  search: string;
  role: string;
  genre: string;
  /** Counted from 1. */
  page: number;
  /** The archive instead of the active list. */
  isArchived: boolean;
};

/** Name, stage name and e-mail, case-insensitively (spec: the talent search). */
const CONTACT_SEARCH_COLUMNS = ["first_name", "last_name", "stage_name", "email"] as const;

/** The spec's talent fetch limit is also the page size of every contact list. */
export const CONTACT_PAGE_SIZE = TALENT_PAGE_LIMIT;

const CONTACT_LOAD_TOAST: Record<ContactKind, string> = {
  talent: TALENT_LOAD_TOAST,
  industry: "Failed to load contacts",
};

/** The PostgREST query of one page of a contact list. */
function contactListQuery(params: ContactListParams): ReadOptions<"crm_contacts"> {
  const filters: Filters<"crm_contacts"> = {
    kind: `eq.${params.kind}`,
    archived_at: params.isArchived ? "not.is.null" : "is.null",
  };
  const search = searchFilter(CONTACT_SEARCH_COLUMNS, params.search);
  if (search) filters.and = search;
  if (params.role) filters.roles = containsAll([params.role]);
  if (params.genre) filters.genres = containsAll([params.genre]);
  return {
    filters,
    order: ["last_name.asc", "first_name.asc"],
    range: { limit: CONTACT_PAGE_SIZE, offset: (params.page - 1) * CONTACT_PAGE_SIZE },
    embed: [COMPANY_NAME],
  };
}

export function useContacts(params: ContactListParams) {
  return useQuery({
    queryKey: crmKeys.list("crm_contacts", params),
    queryFn: ({ signal }) =>
      readTable("crm_contacts", contactListQuery(params), signal) as Promise<
        RowsAnswer<WithCompany<Contact>>
      >,
    // The previous page stays on screen while the next one loads, so the table does not flash.
    placeholderData: keepPreviousData,
    meta: { errorMessage: CONTACT_LOAD_TOAST[params.kind] },
  });
}

/** Contacts working at one company (its page lists them). */
/**
 * The contacts a deal may name: the company's people when it has a company, or else any active contact,
 * the first 50 by name that match the search (a deal with a freelancer or an artist has no company).
 */
export function useCompanyContacts(companyId: string, search = "") {
  const matching = searchFilter(["first_name", "last_name", "stage_name", "email"], search);
  const query = {
    filters: companyId
      ? { company_id: `eq.${companyId}` }
      : { archived_at: "is.null", ...(matching ? { and: matching } : {}) },
    order: ["last_name.asc", "first_name.asc"],
    range: { limit: TALENT_PAGE_LIMIT },
  } satisfies ReadOptions<"crm_contacts">;
  return useQuery({
    queryKey: crmKeys.list("crm_contacts", query),
    queryFn: ({ signal }) => readTable("crm_contacts", query, signal),
    placeholderData: keepPreviousData,
    meta: { errorMessage: "Failed to load the contacts" },
  });
}
