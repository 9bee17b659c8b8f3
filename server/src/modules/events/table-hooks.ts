import { type SqlBool, sql } from "kysely";
import type { TableHooks, TableHooksByTable } from "../../rest/table-hooks";

/**
 * An event's status as every reader sees it. Only "upcoming" and "cancelled" are stored (the table's
 * write schema and a database check refuse "past"); "past" is computed on each read, in SQL, from the
 * event's date and the read clock. So the public list, the API, filters such as `status=eq.past` and
 * ordering all agree on both engines, and no job has to move events into the past as time goes by.
 * An undated event stays as stored. Event dates are ISO-8601 UTC text on SQLite and timestamptz on
 * PostgreSQL; the bound read time compares correctly with either.
 */
const eventHooks: TableHooks = {
  derivedColumns: {
    status: (at) => sql`case when status = 'upcoming' and event_date < ${at} then 'past' else status end`,
  },
  // A draft is the staff's work in progress: the site, its visitors and signed-in non-staff never see it.
  // `true` is a keyword on both engines (1 on SQLite, where booleans are stored as 0/1).
  readableRows: (caller) =>
    caller === "staff" || caller === "admin" ? undefined : sql<SqlBool>`published = true`,
};

/** The events table's rules for the data API, registered by the composition root. */
export const eventTableHooks = { events: eventHooks } satisfies TableHooksByTable;
