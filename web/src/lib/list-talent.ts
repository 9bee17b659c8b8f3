import { TALENT_PAGE_LIMIT, type Talent } from "@app/contracts";
import { useQuery } from "@tanstack/react-query";
import { tsr } from "@/lib/api-client";
import { parseContentRangeTotal } from "@/lib/postgrest";
import { crmQueryKey } from "@/lib/query-keys";

/*
 * Talent (crm_contacts) is read by two features, the CRM's talent screens and the portfolio builder, so
 * the spec's messages, the row normalisation and the portfolio's first page live here rather than in
 * either of them (features never import each other).
 */
const talentQueryKey = [...crmQueryKey, "talent"] as const;
const talentListQueryKey = [...talentQueryKey, "list", "all"] as const;

/** The fetch's own error text (shown in the list), and the toast of a failed read. */
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

/** Enough for any roster this business keeps; the builder never loops without bound. */
const MAX_TALENT_PAGES = 40;

type ListAnswer = { status: number; body: unknown; headers: Headers };

/**
 * Every active talent, read 50 at a time (the spec's fetch limit per call) until the total is reached,
 * so the builder's search, role filter and count cover the whole roster, not just its first page.
 */
async function readAllTalent(signal: AbortSignal): Promise<{ rows: TalentRow[]; total: number }> {
  const rows: TalentRow[] = [];
  let total = 0;
  for (let page = 0; page < MAX_TALENT_PAGES; page += 1) {
    const answer = (await tsr.tables.crm_contacts.list.query({
      // Active talent only: industry contacts live in the same table and have their own screen, and
      // archived talent leave the lists. A stable order keeps the pages from overlapping.
      query: {
        kind: "eq.talent",
        archived_at: "is.null",
        order: "last_name.asc,first_name.asc,id.asc",
        limit: String(TALENT_PAGE_LIMIT),
        ...(page > 0 ? { offset: String(page * TALENT_PAGE_LIMIT) } : {}),
      },
      headers: { prefer: "count=exact" },
      fetchOptions: { signal },
    })) as ListAnswer;
    // A partial page with a known total is PostgREST's 206: both are a success.
    if ((answer.status !== 200 && answer.status !== 206) || !Array.isArray(answer.body)) throw answer;
    rows.push(...(answer.body as TalentRow[]));
    total = parseContentRangeTotal(answer.headers.get("content-range")) ?? rows.length;
    if (answer.body.length < TALENT_PAGE_LIMIT || rows.length >= total) break;
  }
  return { rows, total };
}

/** Every active talent and the total, with the toast 'Failed to load talent list' when a read fails. */
export function useTalentList(): TalentList {
  const query = useQuery({
    queryKey: talentListQueryKey,
    queryFn: ({ signal }) => readAllTalent(signal),
    meta: { errorMessage: TALENT_LOAD_TOAST },
  });

  if (query.isPending) return { talents: [], total: 0, isPending: true, error: null };
  if (query.isError) return { talents: [], total: 0, isPending: false, error: TALENT_FETCH_ERROR };
  const talents = query.data.rows
    .filter((row): row is TalentRow & { id: string } => typeof row.id === "string")
    .map(toTalent);
  return { talents, total: query.data.total, isPending: false, error: null };
}
