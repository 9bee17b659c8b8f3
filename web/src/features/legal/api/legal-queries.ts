import { useQuery } from "@tanstack/react-query";
import { legalKeys } from "@/features/legal/api/legal-keys";
import { type ListedDocument, TEMPLATE_TITLE } from "@/features/legal/api/legal-types";
import {
  CONTRACT_COLUMNS,
  CONTRACT_INVOICE_COLUMNS,
  CONTRACT_PROJECT_COLUMNS,
  toContracts,
} from "@/features/legal/utils/contracts";
import { type RowsAnswer, searchFilter } from "@/lib/postgrest";
import { countRows, type ReadOptions, readRecord, readTable } from "@/lib/read-table";
import type { TableRow } from "@/lib/table-writes";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The legal tables are small (at most 200 rows each), so their figures are counted exactly. */
const EXACT = { count: "exact" } as const;

type LegalTable = "legal_documents" | "legal_templates" | "legal_clauses";

/** Every template (the table holds at most 200), in its default order: the library and the form's choice. */
export function useLegalTemplates() {
  return useQuery({
    queryKey: legalKeys.list("legal_templates", {}),
    queryFn: async ({ signal }) => (await readTable("legal_templates", EXACT, signal)).rows,
    meta: { errorMessage: "Could not load the templates" },
  });
}

/** Every document (the table holds at most 200) with its template's title, read in the same request. */
export function useLegalDocuments() {
  const query = { ...EXACT, embed: [TEMPLATE_TITLE] } satisfies ReadOptions<"legal_documents">;
  return useQuery({
    queryKey: legalKeys.list("legal_documents", query),
    queryFn: async ({ signal }) =>
      ((await readTable("legal_documents", query, signal)) as RowsAnswer<ListedDocument>).rows,
    meta: { errorMessage: "Could not load the documents" },
  });
}

/**
 * The fully signed documents as contracts, each with the projects naming it as their signed contract and
 * those projects' invoices: one read per table, joined in memory. Projects and invoices are written on
 * screens whose saves do not refresh the legal reads, so this list is read afresh each time it is shown.
 */
export function useSignedContracts() {
  return useQuery({
    queryKey: legalKeys.list("legal_documents", { status: "fully_signed", with: "projects,invoices" }),
    queryFn: async ({ signal }) => {
      const documents = (
        await readTable(
          "legal_documents",
          { ...EXACT, select: CONTRACT_COLUMNS, filters: { status: "eq.fully_signed" } },
          signal,
        )
      ).rows;
      const projects =
        documents.length === 0
          ? []
          : (
              await readTable(
                "projects",
                {
                  ...EXACT,
                  select: CONTRACT_PROJECT_COLUMNS,
                  filters: { legal_document_id: `in.(${documents.map((d) => d.id).join(",")})` },
                },
                signal,
              )
            ).rows;
      const invoices =
        projects.length === 0
          ? []
          : (
              await readTable(
                "invoices",
                {
                  ...EXACT,
                  select: CONTRACT_INVOICE_COLUMNS,
                  filters: { project_id: `in.(${projects.map((p) => p.id).join(",")})` },
                  order: ["created_at.desc"],
                },
                signal,
              )
            ).rows;
      return toContracts(documents, projects, invoices);
    },
    staleTime: 0,
    meta: { errorMessage: "Could not load the contracts" },
  });
}

/** The clause library; a search matches the title, slug or any tag in any case (the server's search_text). */
export function useLegalClauses(search = "") {
  const term = search.trim().toLowerCase();
  return useQuery({
    queryKey: legalKeys.list("legal_clauses", { term }),
    queryFn: async ({ signal }) =>
      (
        await readTable(
          "legal_clauses",
          { ...EXACT, filters: term ? { search_text: `ilike.*${term}*` } : {} },
          signal,
        )
      ).rows,
    meta: { errorMessage: "Could not load the clauses" },
    placeholderData: (previous) => previous,
  });
}

export function useLegalRecord<N extends LegalTable>(table: N, id: string | undefined, errorMessage: string) {
  return useQuery({
    queryKey: legalKeys.record(table, id ?? ""),
    // An address that names no uuid names no row: answered here, without a request the server refuses.
    queryFn: ({ signal }) =>
      UUID.test(id ?? "") ? readRecord(table, id as string, { ...EXACT, signal }) : null,
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
        countRows("legal_documents", EXACT, signal),
        countRows("legal_templates", EXACT, signal),
        countRows("legal_clauses", EXACT, signal),
        countRows(
          "legal_documents",
          { ...EXACT, filters: { status: "in.(awaiting_signatures,partially_signed)" } },
          signal,
        ),
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
        await readTable(
          "crm_contacts",
          {
            ...EXACT,
            select: ["id", "first_name", "last_name", "email"],
            filters: { archived_at: "is.null", ...(filter ? { and: filter } : {}) },
            order: ["last_name.asc", "first_name.asc"],
            range: { limit: 50 },
          },
          signal,
        )
      ).rows,
    meta: { errorMessage: "Could not load the contacts" },
    placeholderData: (previous) => previous,
  });
}
