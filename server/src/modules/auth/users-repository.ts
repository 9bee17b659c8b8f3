import { fixedQuery } from "../../db/compiled-query";
import type { Db } from "../../db/database";
import type { IdentityRow, UserRow } from "../../db/schema";
import { lockedOnPostgres } from "./locks";

/**
 * The statements of accounts: users and their sign-in identities. Plain async functions taking the
 * executor first: the database, or the transaction the caller is in (inside a transaction, only ever the
 * transaction).
 */

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}

const userById = fixedQuery((k, id: string) => k.selectFrom("users").selectAll().where("id", "=", id));
export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return userById.first(db, id);
}

const lockedUser = fixedQuery((k, id: string) =>
  lockedOnPostgres(k, k.selectFrom("users").selectAll().where("id", "=", id)),
);
/** Reads a user and locks their row until the transaction ends: every change to the account queues. */
export async function lockUser(db: Db, id: string): Promise<UserRow | undefined> {
  return lockedUser.first(db, id);
}

export async function findUserByPendingEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("email_change", "=", email).executeTakeFirst();
}

export async function listUsers(db: Db): Promise<UserRow[]> {
  return db.selectFrom("users").selectAll().orderBy("created_at", "asc").execute();
}

/** One page of users, oldest first (ties by id, so pages never overlap), and how many there are. */
export async function listUsersPage(
  db: Db,
  args: { offset: number; limit: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const rows = await db
    .selectFrom("users")
    .selectAll()
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .offset(args.offset)
    .limit(args.limit)
    .execute();
  const count = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirst();
  return { rows, total: Number(count?.total ?? 0) };
}

/** Deletes an account; its identities, sessions, tokens and factors go with it (ON DELETE CASCADE). */
export async function deleteUser(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("users").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows === 1n;
}

export interface NewUser {
  id: string;
  email: string;
  encrypted_password: string | null;
  email_confirmed_at: string | null;
  raw_app_meta_data: string;
  raw_user_meta_data: string;
  created_at: string;
}

export async function insertUser(db: Db, user: NewUser) {
  await db
    .insertInto("users")
    .values({ ...user, updated_at: user.created_at })
    .execute();
}

export type UserChanges = Partial<
  Pick<
    UserRow,
    | "email"
    | "encrypted_password"
    | "email_confirmed_at"
    | "confirmation_sent_at"
    | "recovery_sent_at"
    | "email_change"
    | "email_change_sent_at"
    | "last_sign_in_at"
    | "banned_until"
    | "invited_at"
    | "invited_role"
    | "raw_app_meta_data"
    | "raw_user_meta_data"
  >
>;

export async function updateUser(db: Db, id: string, changes: UserChanges, at: string) {
  await db
    .updateTable("users")
    .set({ ...changes, updated_at: at })
    .where("id", "=", id)
    .execute();
}

export async function insertIdentity(
  db: Db,
  identity: Omit<IdentityRow, "updated_at" | "last_sign_in_at"> & { last_sign_in_at?: string | null },
) {
  await db
    .insertInto("identities")
    .values({ last_sign_in_at: null, ...identity, updated_at: identity.created_at })
    .execute();
}

const identitiesOf = fixedQuery((k, userId: string) =>
  k.selectFrom("identities").selectAll().where("user_id", "=", userId).orderBy("created_at"),
);
export async function listIdentities(db: Db, userId: string): Promise<IdentityRow[]> {
  return identitiesOf.all(db, userId);
}

export async function updateIdentityData(db: Db, userId: string, identityData: string, at: string) {
  await db
    .updateTable("identities")
    .set({ identity_data: identityData, updated_at: at })
    .where("user_id", "=", userId)
    .where("provider", "=", "email")
    .execute();
}

export async function touchIdentity(db: Db, userId: string, at: string) {
  await db
    .updateTable("identities")
    .set({ last_sign_in_at: at, updated_at: at })
    .where("user_id", "=", userId)
    .execute();
}
