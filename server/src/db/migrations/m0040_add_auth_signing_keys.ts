import { type Kysely, sql } from "kysely";
import { dialectOf } from "./dialect";

/**
 * The asymmetric keys access tokens are signed with. A key is published (JWKS) from the moment it is
 * added, signs only while `current`, and keeps verifying as `previous` until every token it signed has
 * expired; `retired` keys are neither published nor trusted. Times are epoch seconds, compared with token
 * `exp` claims. The private key is sealed with a key derived from MFA_ENCRYPTION_KEY, its kid as
 * associated data.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema
    .createTable("auth_signing_keys")
    .addColumn("kid", "text", (c) => c.primaryKey())
    .addColumn("alg", "text", (c) => c.notNull().check(sql`alg in ('ES256', 'RS256')`))
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('standby', 'current', 'previous', 'retired')`),
    )
    .addColumn("public_jwk", "text", (c) => c.notNull())
    .addColumn("private_key_sealed", "text", (c) => c.notNull())
    .addColumn("created_at", t.bigint, (c) => c.notNull())
    .addColumn("promoted_at", t.bigint)
    .addColumn("superseded_at", t.bigint)
    .addColumn("retired_at", t.bigint)
    .execute();
  // At most one key signs at a time, whatever two administrators run at once.
  await db.schema
    .createIndex("auth_signing_keys_one_current")
    .on("auth_signing_keys")
    .column("status")
    .unique()
    .where(sql.ref("status"), "=", "current")
    .execute();
}

/** Undoes up, so an older release's schema can be rebuilt (a restore, a test of migrating forward). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("auth_signing_keys").execute();
}
