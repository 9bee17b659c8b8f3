import { useMutation, useQuery } from "@tanstack/react-query";
import { CRM_WRITE_INVALIDATES, crmKeys } from "@/features/crm/api/crm-keys";
import type { BriefTalent, Contact } from "@/features/crm/api/crm-types";
import { useContactFacets } from "@/features/crm/api/list-contact-facets";
import { tsr } from "@/lib/api-client";
import { containsAny, expectSuccess, searchFilter } from "@/lib/postgrest";
import { type ReadOptions, readTable } from "@/lib/read-table";
import { insertRow } from "@/lib/table-writes";

export type LinkedTalent = {
  link: BriefTalent;
  talent: Pick<Contact, "id" | "first_name" | "last_name" | "stage_name">;
};

const TALENT_COLUMNS = ["id", "first_name", "last_name", "stage_name"] as const;

/** The talent a brief is sourcing or has booked: its link rows, then those people's names. */
export function useBriefTalent(briefId: string) {
  const query = {
    filters: { brief_id: `eq.${briefId}` },
    order: ["created_at.asc"],
  } satisfies ReadOptions<"crm_brief_talent">;
  return useQuery({
    queryKey: crmKeys.list("crm_brief_talent", query),
    queryFn: async ({ signal }): Promise<LinkedTalent[]> => {
      const { rows: links } = await readTable("crm_brief_talent", query, signal);
      if (links.length === 0) return [];
      const ids = [...new Set(links.map((link) => link.contact_id))];
      const { rows: people } = await readTable(
        "crm_contacts",
        { select: TALENT_COLUMNS, filters: { id: `in.(${ids.join(",")})` }, range: { limit: ids.length } },
        signal,
      );
      const byId = new Map(people.map((person) => [person.id, person]));
      return links.flatMap((link) => {
        const talent = byId.get(link.contact_id);
        return talent ? [{ link, talent }] : [];
      });
    },
    meta: { errorMessage: "Failed to load the brief's talent" },
  });
}

/** The values of a list column's facet that hold the word, in any case ("prod" → Producer). */
const valuesHolding = (values: readonly string[], word: string) =>
  values.filter((value) => value.toLocaleLowerCase("sv").includes(word.toLocaleLowerCase("sv")));

/**
 * Active talent for adding to a brief or a session (from two letters on): every word must match a name,
 * stage name or e-mail, or one of the person's roles or genres. Lists cannot be searched by pattern, so
 * a word picks the roles and genres in use that hold it and asks for talent holding any of them.
 */
export function useTalentSearch(text: string) {
  const facets = useContactFacets("talent");
  const search = searchFilter(["first_name", "last_name", "stage_name", "email"], text, (word) =>
    (["roles", "genres"] as const).flatMap((column) => {
      const values = valuesHolding(facets.data?.[column] ?? [], word);
      return values.length > 0 ? [`${column}.${containsAny(values)}`] : [];
    }),
  );
  const query = {
    select: TALENT_COLUMNS,
    filters: { kind: "eq.talent", archived_at: "is.null", ...(search ? { and: search } : {}) },
    order: ["last_name.asc", "first_name.asc"],
    range: { limit: 8 },
  } satisfies ReadOptions<"crm_contacts", (typeof TALENT_COLUMNS)[number]>;
  return useQuery({
    queryKey: crmKeys.list("crm_contacts", query),
    queryFn: async ({ signal }) => (await readTable("crm_contacts", query, signal)).rows,
    // Waits for the roles and genres in use (or their failure: names still match then).
    enabled: text.trim().length >= 2 && !facets.isPending,
    meta: { errorMessage: "Failed to search talent" },
  });
}

export function useLinkTalent() {
  return useMutation({
    mutationFn: (link: { brief_id: string; contact_id: string }) => insertRow("crm_brief_talent", link),
    meta: {
      successMessage: "Talent added to the brief",
      errorMessage: "Could not add the talent",
      invalidates: CRM_WRITE_INVALIDATES,
    },
  });
}

export function useUnlinkTalent() {
  return useMutation({
    mutationFn: async (linkId: string) =>
      expectSuccess(
        await tsr.tables.crm_brief_talent.remove.mutate({ query: { id: `eq.${linkId}` }, headers: {} }),
      ),
    meta: {
      successMessage: "Talent removed from the brief",
      errorMessage: "Could not remove the talent",
      invalidates: CRM_WRITE_INVALIDATES,
    },
  });
}
