import { type Kysely, sql } from "kysely";
import { dialectOf } from "./dialect";

/**
 * PKCE flow states: a mailed link requested with a code challenge gets one, tied to that link's token.
 * Following the link issues a single-use auth code (stored hashed) that only the holder of the code
 * verifier can exchange for a session. A token that is replaced or deleted takes its flow state with it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema
    .createTable("flow_state")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("user_id", t.uuid, (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("one_time_token_id", t.uuid, (c) =>
      c.notNull().unique().references("one_time_tokens.id").onDelete("cascade"),
    )
    .addColumn("authentication_method", "text", (c) => c.notNull())
    .addColumn("code_challenge", "text", (c) => c.notNull())
    .addColumn("code_challenge_method", "text", (c) =>
      c.notNull().check(sql`code_challenge_method in ('s256', 'plain')`),
    )
    .addColumn("auth_code_hash", "text", (c) => c.unique())
    .addColumn("auth_code_issued_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("flow_state_user_id_idx").on("flow_state").column("user_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("flow_state").execute();
}
