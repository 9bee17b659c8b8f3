import { type Event, eventColumns } from "@app/contracts";
import type { Database } from "../../db/database";
import { type ListQuery, listParams, pick } from "../../rest/list-params";
import { listFrom } from "../../rest/list-repository";

/** PostgREST's max-rows for a public table: a page never grows without bound. */
const MAX_EVENTS = 1000;

export function listEvents(db: Database, query: ListQuery) {
  const params = listParams(query, {
    table: "events",
    columns: eventColumns,
    defaultOrder: "event_date.asc",
    maxRows: MAX_EVENTS,
  });
  return db.cachedRead(`events:${JSON.stringify(params)}`, () => {
    const { rows } = listFrom(db, "events", params);
    return rows.map((row: Event) => pick(row, params.columns));
  });
}
