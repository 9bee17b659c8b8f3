import { useQuery } from "@tanstack/react-query";
import { legalKeys } from "@/features/legal/api/legal-keys";
import type { LegalClause, LegalDocument, LegalTemplate } from "@/features/legal/api/legal-types";
import { countLegal, readLegal, readLegalRecord } from "@/features/legal/api/read-legal";
import { searchFilter } from "@/lib/postgrest";
import type { TableRow } from "@/lib/table-writes";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The whole table (each legal table holds at most 200 rows), in its default order. */
function useLegalRows<T>(
  table: "legal_documents" | "legal_templates" | "legal_clauses",
  errorMessage: string,
) {
  return useQuery({
    queryKey: legalKeys.list(table, {}),
    queryFn: async ({ signal }) => (await readLegal<T>(table, {}, signal)).rows,
    meta: { errorMessage },
  });
}

export const useLegalDocuments = () =>
  useLegalRows<LegalDocument>("legal_documents", "Could not load the documents");
export const useLegalTemplates = () =>
  useLegalRows<LegalTemplate>("legal_templates", "Could not load the templates");

/** The clause library; a search matches the title, slug or any tag in any case (the server's search_text). */
export function useLegalClauses(search = "") {
  const term = search.trim().toLowerCase();
  return useQuery({
    queryKey: legalKeys.list("legal_clauses", { term }),
    queryFn: async ({ signal }) =>
      (await readLegal<LegalClause>("legal_clauses", term ? { search_text: `ilike.*${term}*` } : {}, signal))
        .rows,
    meta: { errorMessage: "Could not load the clauses" },
    placeholderData: (previous) => previous,
  });
}

export function useLegalRecord<T>(
  table: "legal_documents" | "legal_templates" | "legal_clauses",
  id: string | undefined,
  errorMessage: string,
) {
  return useQuery({
    queryKey: legalKeys.record(table, id ?? ""),
    // An address that names no uuid names no row: answered here, without a request the server refuses.
    queryFn: ({ signal }) => (UUID.test(id ?? "") ? readLegalRecord<T>(table, id as string, signal) : null),
    enabled: Boolean(id),
    meta: { errorMessage },
  });
}

/** The overview's figures, counted by the server. */
export function useLegalFigures() {
  return useQuery({
    queryKey: legalKeys.count("figures", {}),
    queryFn: async ({ signal }) => {
      const [documents, templates, clauses, awaiting] = await Promise.all([
        countLegal("legal_documents", {}, signal),
        countLegal("legal_templates", {}, signal),
        countLegal("legal_clauses", {}, signal),
        countLegal("legal_documents", { status: "in.(awaiting_signatures,partially_signed)" }, signal),
      ]);
      return { documents, templates, clauses, awaiting };
    },
    meta: { errorMessage: "Could not load the legal figures" },
  });
}

export type ContactOption = Pick<TableRow<"crm_contacts">, "id" | "first_name" | "last_name" | "email">;

/** CRM contacts to pick as a party variable's source: the first 50 that match the search. */
export function useContactOptions(search: string) {
  const filter = searchFilter(["first_name", "last_name", "email"], search);
  return useQuery({
    queryKey: legalKeys.contacts(search.trim()),
    queryFn: async ({ signal }) =>
      (
        await readLegal<ContactOption>(
          "crm_contacts",
          {
            select: "id,first_name,last_name,email",
            archived_at: "is.null",
            order: "last_name.asc,first_name.asc",
            limit: "50",
            ...(filter ? { and: filter } : {}),
          },
          signal,
        )
      ).rows,
    meta: { errorMessage: "Could not load the contacts" },
    placeholderData: (previous) => previous,
  });
}
