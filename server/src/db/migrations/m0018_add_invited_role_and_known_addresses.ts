import type { Kysely } from "kysely";
import { dialectOf } from "./dialect";

/**
 * An invitation's role waits on the account (`invited_role`) until the invitation is redeemed, so an
 * account nobody has confirmed yet holds no role. `known_sign_in_addresses` remembers, per account, the
 * addresses a right password was last given from: a wrong password from one of them counts against that
 * address's own budget, so strangers' failures cannot lock the owner out.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema.alterTable("users").addColumn("invited_role", "text").execute();
  await db.schema
    .createTable("known_sign_in_addresses")
    .addColumn("user_id", t.uuid, (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("signed_in_at", t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint("known_sign_in_addresses_pkey", ["user_id", "ip"])
    .execute();
  await db.schema
    .createIndex("known_sign_in_addresses_signed_in_at_idx")
    .on("known_sign_in_addresses")
    .column("signed_in_at")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("known_sign_in_addresses").execute();
  await db.schema.alterTable("users").dropColumn("invited_role").execute();
}
