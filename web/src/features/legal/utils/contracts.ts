import type { LegalDocument } from "@/features/legal/api/legal-types";

/** The columns the contracts screen reads of a fully signed document. */
export const CONTRACT_COLUMNS = ["id", "title", "parties", "payload", "audit", "updated_at"] as const;
export type ContractRow = Pick<LegalDocument, (typeof CONTRACT_COLUMNS)[number]>;

/** A fully signed legal document as the business's contract with its counterparties. */
export type Contract = {
  id: string;
  title: string;
  /** Everyone who signed it, in the document's order. */
  counterparties: string[];
  /** When the last signature made it binding. */
  signedAt: string;
  /** The project the document was drawn up for, when it was made from one. */
  projectId: string | null;
};

/** The "completed" entry of the audit trail is the moment the last signer signed; updated_at stands in without one. */
export function toContract(row: ContractRow): Contract {
  const completed = row.audit.findLast((entry) => entry.action === "completed");
  return {
    id: row.id,
    title: row.title,
    counterparties: row.parties.filter((p) => p.role === "signer").map((p) => p.name),
    signedAt: completed?.at ?? row.updated_at,
    projectId: row.payload.source_refs?.project_id ?? null,
  };
}

export type ContractFilters = { search: string; counterparty: string; project: string };
export const ALL_CONTRACTS: ContractFilters = { search: "", counterparty: "", project: "" };

/** Contracts that match every filter given (a blank one matches all), newest signature first. */
export function filterContracts(contracts: Contract[], filters: ContractFilters): Contract[] {
  const term = filters.search.trim().toLocaleLowerCase("sv");
  return contracts
    .filter(
      (c) =>
        (!filters.counterparty || c.counterparties.includes(filters.counterparty)) &&
        (!filters.project || c.projectId === filters.project) &&
        (!term || [c.title, ...c.counterparties].some((text) => text.toLocaleLowerCase("sv").includes(term))),
    )
    .sort((a, b) => b.signedAt.localeCompare(a.signedAt));
}

/** Every counterparty that signed one of the contracts, alphabetically, each once. */
export function counterpartiesOf(contracts: Contract[]): string[] {
  return [...new Set(contracts.flatMap((c) => c.counterparties))].sort((a, b) => a.localeCompare(b, "sv"));
}

/** Every project a contract names, each once: the project filter offers only these. */
export function projectIdsOf(contracts: Contract[]): string[] {
  return [...new Set(contracts.flatMap((c) => (c.projectId ? [c.projectId] : [])))];
}
