import type { Db } from "../../db/database";
import type { AuthSigningKeyRow } from "../../db/schema";

/** The statements of access-token signing keys. */

/** Every key that is published or trusted: all but the retired. */
export async function listLiveSigningKeys(db: Db): Promise<AuthSigningKeyRow[]> {
  return db
    .selectFrom("auth_signing_keys")
    .selectAll()
    .where("status", "!=", "retired")
    .orderBy("created_at")
    .execute();
}

export async function listAllSigningKeys(db: Db): Promise<AuthSigningKeyRow[]> {
  return db.selectFrom("auth_signing_keys").selectAll().orderBy("created_at").execute();
}

export async function findSigningKey(db: Db, kid: string): Promise<AuthSigningKeyRow | undefined> {
  return db.selectFrom("auth_signing_keys").selectAll().where("kid", "=", kid).executeTakeFirst();
}

export async function insertSigningKey(db: Db, row: AuthSigningKeyRow) {
  await db.insertInto("auth_signing_keys").values(row).execute();
}

/** The current key becomes verifying-only, then the standby one signs; false if it was no longer standby. */
export async function markKeyPromoted(db: Db, kid: string, at: number): Promise<boolean> {
  await db
    .updateTable("auth_signing_keys")
    .set({ status: "previous", superseded_at: at })
    .where("status", "=", "current")
    .execute();
  const promoted = await db
    .updateTable("auth_signing_keys")
    .set({ status: "current", promoted_at: at })
    .where("kid", "=", kid)
    .where("status", "=", "standby")
    .executeTakeFirst();
  return Number(promoted.numUpdatedRows) === 1;
}

/** Conditional on the status read, so a key promoted meanwhile is not retired. */
export async function markKeyRetired(
  db: Db,
  kid: string,
  from: AuthSigningKeyRow["status"],
  at: number,
): Promise<boolean> {
  const result = await db
    .updateTable("auth_signing_keys")
    .set({ status: "retired", retired_at: at })
    .where("kid", "=", kid)
    .where("status", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
