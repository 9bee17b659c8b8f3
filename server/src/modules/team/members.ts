import type { TeamMember } from "@app/contracts";
import type { Db } from "../../db/database";
import type { MfaFactorRow, UserRow } from "../../db/schema";
import { isoAt } from "../../platform/values";
import { hasPendingInvitation } from "../auth/accounts";
import { isBanned } from "../auth/bans";
import { findUserWithFactors, listUsersWithFactors } from "../auth/user-directory";
import { appMetadataOf } from "../auth/user-json";

/**
 * A person as the Team screen shows them; a ban that has run out shows as none. An invited person shows
 * the role their invitation will grant (they hold none until they redeem it).
 */
function toTeamMember(user: UserRow, factors: MfaFactorRow[], nowMs: number): TeamMember {
  return {
    id: user.id,
    email: user.email,
    role: appMetadataOf(user).role ?? (hasPendingInvitation(user) ? user.invited_role : null),
    created_at: user.created_at,
    last_sign_in_at: user.last_sign_in_at,
    invited_at: user.invited_at,
    confirmed: user.email_confirmed_at !== null,
    banned_until: isBanned(user, isoAt(nowMs)) ? user.banned_until : null,
    factors: factors.map((f) => ({
      id: f.id,
      friendly_name: f.friendly_name ?? null,
      factor_type: f.factor_type,
      status: f.status,
      created_at: f.created_at,
    })),
  };
}

/** Everyone with an account, oldest first, with their factors. */
export async function listMembers(db: Db, nowMs: number): Promise<TeamMember[]> {
  return (await listUsersWithFactors(db)).map(({ user, factors }) => toTeamMember(user, factors, nowMs));
}

export async function memberById(db: Db, id: string, nowMs: number): Promise<TeamMember | undefined> {
  const found = await findUserWithFactors(db, id);
  return found && toTeamMember(found.user, found.factors, nowMs);
}
