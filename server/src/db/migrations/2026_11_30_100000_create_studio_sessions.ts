import { type Kysely, sql } from "kysely";
import { dialectOf } from "./dialect";

const oneOf = (column: string, values: string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;

/**
 * Studio rooms, their sessions and each session's team. No room and no person may be in two overlapping
 * sessions that are not cancelled. On PostgreSQL exclusion constraints say so (they hold under
 * concurrent writers, as a unique index does); a team row carries its session's time range, kept current
 * by triggers, because a constraint sees one table only. On SQLite every write runs in a BEGIN IMMEDIATE
 * transaction, one writer at a time, and the server's table hooks check it there.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema
    .createTable("studio_rooms")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) =>
      c
        .notNull()
        .defaultTo("recording")
        .check(oneOf("kind", ["recording", "mixing", "writing", "rehearsal", "other"])),
    )
    .addColumn("hourly_rate_sek", "integer", (c) => c.notNull().defaultTo(0).check(sql`hourly_rate_sek >= 0`))
    .addColumn("active", t.boolean, (c) => c.notNull().defaultTo(t.isPostgres ? sql`true` : sql`1`))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await t.notifyOnChange("studio_rooms");

  await db.schema
    .createTable("studio_sessions")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("room_id", t.uuid, (c) => c.notNull().references("studio_rooms.id").onDelete("restrict"))
    .addColumn("starts_at", t.timestamp, (c) => c.notNull())
    .addColumn("ends_at", t.timestamp, (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("tentative")
        .check(oneOf("status", ["tentative", "confirmed", "cancelled", "completed"])),
    )
    .addColumn("brief_id", t.uuid, (c) => c.references("crm_briefs.id").onDelete("set null"))
    .addColumn("notes", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addCheckConstraint("studio_sessions_ends_after_starts", sql`ends_at > starts_at`)
    .execute();
  await db.schema
    .createIndex("studio_sessions_room_idx")
    .on("studio_sessions")
    .columns(["room_id", "starts_at"])
    .execute();
  await db.schema
    .createIndex("studio_sessions_starts_at_idx")
    .on("studio_sessions")
    .column("starts_at")
    .execute();
  await t.notifyOnChange("studio_sessions");

  await db.schema
    .createTable("studio_session_talent")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("session_id", t.uuid, (c) => c.notNull().references("studio_sessions.id").onDelete("cascade"))
    .addColumn("contact_id", t.uuid, (c) => c.notNull().references("crm_contacts.id").onDelete("cascade"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addUniqueConstraint("studio_session_talent_pair_unique", ["session_id", "contact_id"])
    .execute();
  await db.schema
    .createIndex("studio_session_talent_contact_idx")
    .on("studio_session_talent")
    .column("contact_id")
    .execute();
  await t.notifyOnChange("studio_session_talent");

  if (t.isPostgres) await addExclusionConstraints(db);
}

async function addExclusionConstraints(db: Kysely<any>) {
  await sql`create extension if not exists btree_gist`.execute(db);
  await sql`
    alter table studio_sessions add constraint studio_sessions_room_no_overlap
    exclude using gist (room_id with =, tstzrange(starts_at, ends_at, '[)') with &&)
    where (status <> 'cancelled')`.execute(db);

  // The session's range on each team row; null while the session is cancelled (it holds nobody then).
  await sql`alter table studio_session_talent add column during tstzrange`.execute(db);
  await sql`
    alter table studio_session_talent add constraint studio_session_talent_no_overlap
    exclude using gist (contact_id with =, during with &&) where (during is not null)`.execute(db);

  // A team row takes its range from the session, read under a share lock: a concurrent move of the
  // session commits first (and its new times are read) or waits for this row (and updates it).
  await sql`
    create function studio_session_talent_fill_range() returns trigger language plpgsql as $$
    begin
      select case when s.status = 'cancelled' then null else tstzrange(s.starts_at, s.ends_at, '[)') end
        into new.during
        from studio_sessions s where s.id = new.session_id for share;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger studio_session_talent_fill_range before insert or update on studio_session_talent
    for each row execute function studio_session_talent_fill_range()`.execute(db);

  // A session moved, cancelled or restored: its team rows follow (and the constraint checks them).
  await sql`
    create function studio_sessions_spread_range() returns trigger language plpgsql as $$
    begin
      update studio_session_talent
        set during = case when new.status = 'cancelled' then null
                          else tstzrange(new.starts_at, new.ends_at, '[)') end
        where session_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger studio_sessions_spread_range after update of starts_at, ends_at, status on studio_sessions
    for each row execute function studio_sessions_spread_range()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("studio_session_talent").execute();
  await db.schema.dropTable("studio_sessions").execute();
  await db.schema.dropTable("studio_rooms").execute();
  if (dialectOf(db).isPostgres) {
    await sql`drop function if exists studio_sessions_spread_range()`.execute(db);
    await sql`drop function if exists studio_session_talent_fill_range()`.execute(db);
  }
}
