import { type Kysely, sql } from "kysely";
import { dialectOf } from "./dialect";

/**
 * An event's "past" is derived on every read from its date (see the events table's read hooks), so it is
 * no longer stored: rows stored as past become upcoming (their date still makes them past), and a check
 * keeps any writer (the API, the CLI, a seed) from storing it again. SQLite cannot add a check to an
 * existing table, so there two triggers do the check's work.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await sql`update events set status = 'upcoming' where status not in ('upcoming', 'cancelled')`.execute(db);
  if (t.isPostgres) {
    await sql`alter table events add constraint events_status_stored
      check (status in ('upcoming', 'cancelled'))`.execute(db);
    return;
  }
  for (const verb of ["insert", "update"]) {
    await sql`
      create trigger ${sql.raw(`events_status_stored_${verb}`)}
      before ${sql.raw(verb)} on events
      when new.status not in ('upcoming', 'cancelled')
      begin
        select raise(abort, 'CHECK constraint failed: events_status_stored');
      end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  if (t.isPostgres) {
    await sql`alter table events drop constraint events_status_stored`.execute(db);
    return;
  }
  await sql`drop trigger events_status_stored_insert`.execute(db);
  await sql`drop trigger events_status_stored_update`.execute(db);
}
