import { type Kysely, sql } from "kysely";
import { dialectOf } from "./dialect";

/**
 * Broadcast and Presence across server nodes on one database. `realtime_messages` relays what a node
 * fans out (a broadcast, a presence diff) to the others: on PostgreSQL its trigger notifies each row's node and id
 * on `app_realtime_messages` (on commit, so a message of any size travels by id, never in the payload);
 * SQLite nodes read the rows after the last one they saw when data_version moves. Rows are pruned within
 * a minute. `realtime_nodes` holds each running node's lease, and `realtime_presences` the presences
 * tracked on each node, so a node that joins a channel later sees the others', and the presences of a
 * node whose lease ran out are removed by whichever node notices first.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema
    .createTable("realtime_messages")
    .addColumn("id", t.serial, t.serialKey)
    .addColumn("node", "text", (c) => c.notNull())
    .addColumn("room", "text", (c) => c.notNull())
    .addColumn("event", "text", (c) => c.notNull().check(sql`event in ('broadcast', 'presence_diff')`))
    .addColumn("payload", t.json, (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createTable("realtime_nodes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("realtime_presences")
    .addColumn("ref", "text", (c) => c.primaryKey())
    .addColumn("node", "text", (c) => c.notNull())
    .addColumn("room", "text", (c) => c.notNull())
    .addColumn("presence_key", "text", (c) => c.notNull())
    .addColumn("meta", t.json, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("realtime_presences_room").on("realtime_presences").column("room").execute();
  await db.schema.createIndex("realtime_presences_node").on("realtime_presences").column("node").execute();
  if (!t.isPostgres) return;
  await sql`
    create function app_notify_realtime_message() returns trigger language plpgsql as $$
    begin
      perform pg_notify('app_realtime_messages', new.node || ':' || new.id);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger realtime_messages_notify after insert on realtime_messages
    for each row execute function app_notify_realtime_message()`.execute(db);
}

/** Undoes up, so an older release's schema can be rebuilt (a restore, a test of migrating forward). */
export async function down(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema.dropTable("realtime_presences").execute();
  await db.schema.dropTable("realtime_nodes").execute();
  await db.schema.dropTable("realtime_messages").execute();
  if (t.isPostgres) await sql`drop function if exists app_notify_realtime_message()`.execute(db);
}
