import type { Db } from "../../db/database";
import type { MfaFactorRow, UserRow } from "../../db/schema";
import { listAllFactors, listFactors } from "./factors-repository";
import { findUserById, listUsers } from "./users-repository";

/** An account with its MFA factors, as other modules (the team list) read it. */
export interface UserWithFactors {
  user: UserRow;
  factors: MfaFactorRow[];
}

/** Everyone with an account, oldest first, with their factors (two queries, whatever the number of users). */
export async function listUsersWithFactors(db: Db): Promise<UserWithFactors[]> {
  const [users, factors] = await Promise.all([listUsers(db), listAllFactors(db)]);
  const byUser = new Map<string, MfaFactorRow[]>();
  for (const factor of factors) byUser.set(factor.user_id, [...(byUser.get(factor.user_id) ?? []), factor]);
  return users.map((user) => ({ user, factors: byUser.get(user.id) ?? [] }));
}

export async function findUserWithFactors(db: Db, id: string): Promise<UserWithFactors | undefined> {
  const user = await findUserById(db, id);
  return user && { user, factors: await listFactors(db, id) };
}
