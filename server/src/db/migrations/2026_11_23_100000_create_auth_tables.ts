import type { Kysely } from "kysely";
import { dialectOf } from "./dialect";

export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema
    .createTable("users")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("encrypted_password", "text")
    .addColumn("email_confirmed_at", t.timestamp)
    .addColumn("confirmation_sent_at", t.timestamp)
    .addColumn("recovery_sent_at", t.timestamp)
    .addColumn("email_change", "text")
    .addColumn("email_change_sent_at", t.timestamp)
    .addColumn("last_sign_in_at", t.timestamp)
    .addColumn("raw_app_meta_data", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("raw_user_meta_data", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable("identities")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("user_id", t.uuid, (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("provider_id", "text", (c) => c.notNull())
    .addColumn("identity_data", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("last_sign_in_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addUniqueConstraint("identities_provider_unique", ["provider", "provider_id"])
    .execute();
  await db.schema.createIndex("identities_user_id_idx").on("identities").column("user_id").execute();

  await db.schema
    .createTable("mfa_factors")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("user_id", t.uuid, (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("friendly_name", "text")
    .addColumn("factor_type", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("last_verified_step", "integer")
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addUniqueConstraint("mfa_factors_name_unique", ["user_id", "friendly_name"])
    .execute();

  await db.schema
    .createTable("mfa_challenges")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("factor_id", t.uuid, (c) => c.notNull().references("mfa_factors.id").onDelete("cascade"))
    .addColumn("ip_address", "text")
    .addColumn("verified_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("mfa_challenges_factor_id_idx")
    .on("mfa_challenges")
    .column("factor_id")
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("user_id", t.uuid, (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("aal", "text", (c) => c.notNull().defaultTo("aal1"))
    .addColumn("factor_id", t.uuid)
    .addColumn("amr", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("user_agent", "text")
    .addColumn("ip", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("refreshed_at", t.timestamp, (c) => c.notNull())
    .addColumn("not_after", t.timestamp, (c) => c.notNull())
    .addColumn("ended_at", t.timestamp)
    .addColumn("ended_reason", "text")
    .execute();
  await db.schema.createIndex("sessions_user_id_idx").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("refresh_tokens")
    .addColumn("id", t.serial, (c) => t.serialKey(c))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("session_id", t.uuid, (c) => c.notNull().references("sessions.id").onDelete("cascade"))
    .addColumn("user_id", t.uuid, (c) => c.notNull())
    .addColumn("parent_id", t.bigint)
    .addColumn("revoked_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("refresh_tokens_session_id_idx")
    .on("refresh_tokens")
    .column("session_id")
    .execute();
  await db.schema
    .createIndex("refresh_tokens_parent_id_idx")
    .on("refresh_tokens")
    .column("parent_id")
    .execute();

  await db.schema
    .createTable("one_time_tokens")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("user_id", t.uuid, (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_type", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("relates_to", "text", (c) => c.notNull())
    .addColumn("redirect_to", "text", (c) => c.notNull())
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .addColumn("used_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addUniqueConstraint("one_time_tokens_user_type_unique", ["user_id", "token_type"])
    .execute();

  await db.schema
    .createTable("mail_outbox")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text", (c) => c.notNull())
    .addColumn("link", "text", (c) => c.notNull())
    .addColumn("transport", "text", (c) => c.notNull())
    .addColumn("sent_at", t.timestamp)
    .addColumn("error", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("mail_outbox_created_at_idx").on("mail_outbox").column("created_at").execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", t.serial, (c) => t.serialKey(c))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("user_id", t.uuid)
    .addColumn("email", "text")
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .addColumn("detail", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_created_at_idx").on("audit_log").column("created_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "audit_log",
    "mail_outbox",
    "one_time_tokens",
    "refresh_tokens",
    "sessions",
    "mfa_challenges",
    "mfa_factors",
    "identities",
    "users",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
