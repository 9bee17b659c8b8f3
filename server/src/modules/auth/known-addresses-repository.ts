import type { Db } from "../../db/database";

/** The statements of the addresses an account recently signed in from with a right password. */

/** Whether a right password came for the account from `ip` after `since`. */
export async function isKnownSignInAddress(db: Db, args: { userId: string; ip: string; since: string }) {
  const row = await db
    .selectFrom("known_sign_in_addresses")
    .select("ip")
    .where("user_id", "=", args.userId)
    .where("ip", "=", args.ip)
    .where("signed_in_at", ">", args.since)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records a right password from `ip` (or renews its moment) and keeps only the account's `keep` newest
 * addresses; everyone's addresses older than `before` go too, so the table stays small.
 */
export async function rememberSignInAddress(
  db: Db,
  args: { userId: string; ip: string; at: string; keep: number; before: string },
) {
  await db
    .insertInto("known_sign_in_addresses")
    .values({ user_id: args.userId, ip: args.ip, signed_in_at: args.at })
    .onConflict((oc) => oc.columns(["user_id", "ip"]).doUpdateSet({ signed_in_at: args.at }))
    .execute();
  await db
    .deleteFrom("known_sign_in_addresses")
    .where("user_id", "=", args.userId)
    .where(
      "ip",
      "not in",
      db
        .selectFrom("known_sign_in_addresses")
        .select("ip")
        .where("user_id", "=", args.userId)
        .orderBy("signed_in_at", "desc")
        .orderBy("ip")
        .limit(args.keep),
    )
    .execute();
  await db.deleteFrom("known_sign_in_addresses").where("signed_in_at", "<=", args.before).execute();
}
