import { useMutation, useQuery } from "@tanstack/react-query";
import { royaltiesQueryKey } from "@/lib/query-keys";
import { readTable } from "@/lib/read-table";
import {
  insertRow,
  type TableInsert,
  type TableRow,
  updateRow,
  type VersionedChange,
} from "@/lib/table-writes";

export type RoyaltyPayee = TableRow<"royalty_payees">;
export type PayeeParty = { kind: "contact" | "company"; id: string; name: string };

const root = royaltiesQueryKey;
const invalidates = [root] as const;
/** Contacts and companies offered as a payee's party: the CRM's first page of each, by name. */
const PARTY_LIMIT = 500;

/**
 * Every payee with the party they are and what their latest statement left unrecouped (none before
 * their first closed period). Statements are read newest first, so the first of a payee's is its latest.
 */
export function usePayees() {
  return useQuery({
    queryKey: [...root, "payees"],
    queryFn: async ({ signal }) => {
      const [payees, statements] = await Promise.all([
        readTable("royalty_payees", { order: ["name.asc"] }, signal),
        readTable(
          "royalty_statements",
          { select: ["payee_id", "unrecouped_ore"], order: ["created_at.desc"] },
          signal,
        ),
      ]);
      const unrecouped = new Map<string, number>();
      for (const s of statements.rows)
        if (!unrecouped.has(s.payee_id)) unrecouped.set(s.payee_id, s.unrecouped_ore);
      return payees.rows.map((payee) => ({ ...payee, unrecoupedOre: unrecouped.get(payee.id) ?? null }));
    },
    meta: { errorMessage: "Could not load the payees" },
  });
}

/** The CRM's contacts and companies a payee can be, by name. */
export function usePayeeParties() {
  return useQuery({
    queryKey: [...root, "payee-parties"],
    queryFn: async ({ signal }): Promise<PayeeParty[]> => {
      const range = { limit: PARTY_LIMIT };
      const [contacts, companies] = await Promise.all([
        readTable(
          "crm_contacts",
          { select: ["id", "first_name", "last_name"], order: ["last_name.asc", "first_name.asc"], range },
          signal,
        ),
        readTable("crm_companies", { select: ["id", "name"], order: ["name.asc"], range }, signal),
      ]);
      return [
        ...contacts.rows.map((c) => ({
          kind: "contact" as const,
          id: c.id,
          name: `${c.first_name} ${c.last_name}`,
        })),
        ...companies.rows.map((c) => ({ kind: "company" as const, id: c.id, name: c.name })),
      ];
    },
    meta: { errorMessage: "Could not load the contacts and companies" },
  });
}

export function useCreatePayee() {
  return useMutation({
    mutationFn: (values: TableInsert<"royalty_payees">) => insertRow("royalty_payees", values),
    meta: { successMessage: "Payee created", errorMessage: "Could not create the payee", invalidates },
  });
}

export function useUpdatePayee() {
  return useMutation({
    mutationFn: (change: VersionedChange<"royalty_payees">) => updateRow("royalty_payees", change),
    meta: { successMessage: "Changes saved", errorMessage: "Could not save the payee", invalidates },
  });
}

export function useRecordAdvance() {
  return useMutation({
    mutationFn: (values: TableInsert<"royalty_advances">) => insertRow("royalty_advances", values),
    meta: { successMessage: "Advance recorded", errorMessage: "Could not record the advance", invalidates },
  });
}
