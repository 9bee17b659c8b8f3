import type { AuthFactor, AuthIdentity, AuthUser } from "@app/contracts";
import type { Db } from "../../db/database";
import type { IdentityRow, MfaFactorRow, UserRow } from "../../db/schema";
import { listFactors } from "./factors-repository";
import type { AppRole } from "./jwt";
import { listIdentities } from "./users-repository";

export interface AppMetadata {
  provider?: string;
  providers?: string[];
  role?: AppRole;
  [key: string]: unknown;
}

export const appMetadataOf = (user: UserRow): AppMetadata =>
  JSON.parse(user.raw_app_meta_data) as AppMetadata;
export const userMetadataOf = (user: UserRow): Record<string, unknown> =>
  JSON.parse(user.raw_user_meta_data) as Record<string, unknown>;

const toIdentity = (row: IdentityRow): AuthIdentity => {
  const data = JSON.parse(row.identity_data) as Record<string, unknown>;
  return {
    identity_id: row.id,
    id: row.provider_id,
    user_id: row.user_id,
    identity_data: data,
    provider: row.provider,
    last_sign_in_at: row.last_sign_in_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    ...(typeof data.email === "string" ? { email: data.email } : {}),
  };
};

export const toFactor = (row: MfaFactorRow): AuthFactor => ({
  id: row.id,
  friendly_name: row.friendly_name ?? undefined,
  factor_type: row.factor_type,
  status: row.status,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/** GoTrue's user JSON. Row types never leave the module: this is the one mapping. */
export async function toUserJson(db: Db, user: UserRow): Promise<AuthUser> {
  const [identities, factors] = await Promise.all([listIdentities(db, user.id), listFactors(db, user.id)]);
  return userJsonFrom(user, identities, factors);
}

export function userJsonFrom(user: UserRow, identities: IdentityRow[], factors: MfaFactorRow[]): AuthUser {
  return {
    id: user.id,
    aud: "authenticated",
    role: "authenticated",
    email: user.email,
    email_confirmed_at: user.email_confirmed_at,
    phone: "",
    confirmed_at: user.email_confirmed_at,
    confirmation_sent_at: user.confirmation_sent_at,
    recovery_sent_at: user.recovery_sent_at,
    email_change_sent_at: user.email_change_sent_at,
    new_email: user.email_change,
    last_sign_in_at: user.last_sign_in_at,
    ...(user.invited_at ? { invited_at: user.invited_at } : {}),
    ...(user.banned_until ? { banned_until: user.banned_until } : {}),
    app_metadata: appMetadataOf(user),
    user_metadata: userMetadataOf(user),
    identities: identities.map(toIdentity),
    factors: factors.map(toFactor),
    created_at: user.created_at,
    updated_at: user.updated_at,
    is_anonymous: false,
  };
}
