import { TALENT_PAGE_LIMIT, type Talent, talentColumns } from "@app/contracts";
import type { Database } from "../../db/database";
import type { CrmContactRow } from "../../db/schema";
import { type ListQuery, listParams, pick } from "../../rest/list-params";
import { listFrom } from "../../rest/list-repository";

export function toTalent(row: CrmContactRow): Talent {
  return {
    ...row,
    roles: JSON.parse(row.roles),
    genres: JSON.parse(row.genres),
    languages: JSON.parse(row.languages),
    strengths: JSON.parse(row.strengths),
  };
}

export function listTalent(db: Database, query: ListQuery, prefer?: string) {
  const params = listParams(query, {
    table: "crm_contacts",
    columns: talentColumns,
    defaultOrder: "last_name.asc",
    maxRows: TALENT_PAGE_LIMIT,
    prefer,
  });
  return db.cachedRead(`talent:${JSON.stringify(params)}`, () => {
    const { rows, total } = listFrom(db, "crm_contacts", params);
    return { rows: rows.map((row) => pick(toTalent(row), params.columns)), total, offset: params.offset };
  });
}
