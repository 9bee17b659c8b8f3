import type { LegalDocument } from "@/features/legal/api/legal-types";
import { invoiceLabel } from "@/lib/invoice-label";
import type { TableRow } from "@/lib/table-writes";

/** The columns the contracts screen reads of a fully signed document. */
export const CONTRACT_COLUMNS = ["id", "title", "parties", "audit", "updated_at"] as const;
export type ContractRow = Pick<LegalDocument, (typeof CONTRACT_COLUMNS)[number]>;

/** The columns read of the projects whose signed contract a document is. */
export const CONTRACT_PROJECT_COLUMNS = ["id", "code", "title", "legal_document_id"] as const;
export type ContractProjectRow = Pick<TableRow<"projects">, (typeof CONTRACT_PROJECT_COLUMNS)[number]>;

/** The columns read of those projects' invoices. */
export const CONTRACT_INVOICE_COLUMNS = ["id", "series", "number", "kind", "project_id"] as const;
export type ContractInvoiceRow = Pick<TableRow<"invoices">, (typeof CONTRACT_INVOICE_COLUMNS)[number]>;

/** A project a contract is the signed contract of, as the list names and links it. */
export type ContractProject = { id: string; code: string; title: string };
/** An invoice billing one of those projects: "A17", "Credit A18" or "Draft". */
type ContractInvoice = { id: string; label: string };

/** A fully signed legal document as the business's contract with its counterparties. */
export type Contract = {
  id: string;
  title: string;
  /** Everyone who signed it, in the document's order. */
  counterparties: string[];
  /** When the last signature made it binding. */
  signedAt: string;
  /** The projects that name it as their signed contract, by code. */
  projects: ContractProject[];
  /** The invoices of those projects, in the order read (newest first). */
  invoices: ContractInvoice[];
};

/**
 * The signed documents joined, in memory, to the projects naming them as their contract and to those
 * projects' invoices: three reads in all, however many contracts. The "completed" entry of the audit
 * trail is the moment the last signer signed; updated_at stands in without one.
 */
export function toContracts(
  documents: ContractRow[],
  projects: ContractProjectRow[],
  invoices: ContractInvoiceRow[],
): Contract[] {
  return documents.map((row) => {
    const own = projects
      .filter((project) => project.legal_document_id === row.id)
      .map(({ id, code, title }) => ({ id, code, title }))
      .sort((a, b) => a.code.localeCompare(b.code));
    const ownIds = new Set(own.map((project) => project.id));
    const completed = row.audit.findLast((entry) => entry.action === "completed");
    return {
      id: row.id,
      title: row.title,
      counterparties: row.parties.filter((p) => p.role === "signer").map((p) => p.name),
      signedAt: completed?.at ?? row.updated_at,
      projects: own,
      invoices: invoices
        .filter((invoice) => invoice.project_id !== null && ownIds.has(invoice.project_id))
        .map((invoice) => ({ id: invoice.id, label: invoiceLabel(invoice) })),
    };
  });
}

export type ContractFilters = { search: string; counterparty: string; project: string };
export const ALL_CONTRACTS: ContractFilters = { search: "", counterparty: "", project: "" };

/** Contracts that match every filter given (a blank one matches all), newest signature first. */
export function filterContracts(contracts: Contract[], filters: ContractFilters): Contract[] {
  const term = filters.search.trim().toLocaleLowerCase("sv");
  const texts = (c: Contract) => [
    c.title,
    ...c.counterparties,
    ...c.projects.flatMap((p) => [p.code, p.title]),
  ];
  return contracts
    .filter(
      (c) =>
        (!filters.counterparty || c.counterparties.includes(filters.counterparty)) &&
        (!filters.project || c.projects.some((p) => p.id === filters.project)) &&
        (!term || texts(c).some((text) => text.toLocaleLowerCase("sv").includes(term))),
    )
    .sort((a, b) => b.signedAt.localeCompare(a.signedAt));
}

/** Every counterparty that signed one of the contracts, alphabetically, each once. */
export function counterpartiesOf(contracts: Contract[]): string[] {
  return [...new Set(contracts.flatMap((c) => c.counterparties))].sort((a, b) => a.localeCompare(b, "sv"));
}

/** Every project one of the contracts is signed for, each once by code: the project filter offers only these. */
export function projectsOf(contracts: Contract[]): ContractProject[] {
  const byId = new Map(contracts.flatMap((c) => c.projects.map((p) => [p.id, p] as const)));
  return [...byId.values()].sort((a, b) => a.code.localeCompare(b.code));
}
