import { TALENT_PAGE_LIMIT, type Talent } from "@app/contracts";
import { tsr } from "@/lib/api-client";
import { parseContentRangeTotal } from "@/lib/postgrest";
import { crmQueryKey } from "@/lib/query-keys";

/*
 * Talent (crm_contacts) is read by two features, the CRM's talent screens and the portfolio builder, so
 * the spec's messages, the row normalisation and the portfolio's first page live here rather than in
 * either of them (features never import each other).
 */
export const talentQueryKey = [...crmQueryKey, "talent"] as const;
export const talentListQueryKey = [...talentQueryKey, "list", { limit: TALENT_PAGE_LIMIT }] as const;

/** Spec §7: the fetch's own error text (shown in the list), and the toast of a failed read. */
export const TALENT_FETCH_ERROR = "Failed to fetch talent";
export const TALENT_LOAD_TOAST = "Failed to load talent list";

type TalentRow = Partial<Talent>;

/** The API may leave out columns; screens get every field, with empty lists and nulls for the gaps. */
export function toTalent(row: TalentRow & { id: string }): Talent {
  return {
    id: row.id,
    first_name: row.first_name ?? "",
    last_name: row.last_name ?? "",
    stage_name: row.stage_name ?? null,
    roles: row.roles ?? [],
    genres: row.genres ?? [],
    languages: row.languages ?? [],
    location: row.location ?? null,
    email: row.email ?? null,
    reliability_score: row.reliability_score ?? null,
    strengths: row.strengths ?? {},
    notes: row.notes ?? null,
    kind: row.kind ?? "talent",
    company_id: row.company_id ?? null,
    phone: row.phone ?? null,
    pro_society: row.pro_society ?? null,
    ipi: row.ipi ?? null,
    archived_at: row.archived_at ?? null,
    last_activity_at: row.last_activity_at ?? null,
    created_at: row.created_at ?? "",
    updated_at: row.updated_at ?? "",
  };
}

export type TalentList = {
  talents: Talent[];
  total: number;
  isPending: boolean;
  error: typeof TALENT_FETCH_ERROR | null;
};

/** The first 50 talents and the total, with the toast 'Failed to load talent list' when the read fails. */
export function useTalentList(): TalentList {
  const query = tsr.tables.crm_contacts.list.useQuery({
    queryKey: talentListQueryKey,
    // Active talent only: industry contacts live in the same table and have their own screen, and
    // archived talent leave the lists.
    queryData: {
      query: { kind: "eq.talent", archived_at: "is.null", limit: String(TALENT_PAGE_LIMIT) },
      headers: { prefer: "count=exact" },
    },
    meta: { errorMessage: TALENT_LOAD_TOAST },
  });

  if (query.isPending) return { talents: [], total: 0, isPending: true, error: null };
  // A partial page with a known total is PostgREST's 206: both are a success (ts-rest throws the rest).
  if (query.isError || !Array.isArray(query.data.body)) {
    return { talents: [], total: 0, isPending: false, error: TALENT_FETCH_ERROR };
  }
  const talents = (query.data.body as TalentRow[])
    .filter((row): row is TalentRow & { id: string } => typeof row.id === "string")
    .map(toTalent);
  const total = parseContentRangeTotal(query.data.headers.get("content-range")) ?? talents.length;
  return { talents, total, isPending: false, error: null };
}
