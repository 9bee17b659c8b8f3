import { randomUUID } from "node:crypto";
import type { Config } from "../../config";
import type { Db } from "../../db/database";
import type { IdentityRow, UserRow } from "../../db/schema";
import { AppError } from "../../http/app-error";
import type { AppRole } from "./jwt";
import { lockAddress } from "./locks";
import type { AppMetadata } from "./user-json";
import {
  findUserByEmail,
  insertIdentity,
  insertUser,
  listIdentities,
  updateIdentityData,
  updateUser,
} from "./users-repository";

/** user_metadata is echoed into every access token: keep it small. */
const MAX_METADATA_BYTES = 8 * 1024;

export function metadataJson(data: Record<string, unknown> | undefined): string {
  const json = JSON.stringify(data ?? {});
  if (Buffer.byteLength(json, "utf8") > MAX_METADATA_BYTES) {
    throw new AppError("validation_failed", "user metadata is too large");
  }
  return json;
}

/**
 * STAFF_EMAIL_DOMAINS grants `staff` to an address on one of those domains when a mailed link first confirms
 * it (see confirmEmail); admin is kept.
 */
export function domainRole(config: Pick<Config, "STAFF_EMAIL_DOMAINS">, email: string, current?: AppRole) {
  if (current === "admin") return current;
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  const isStaffDomain = config.STAFF_EMAIL_DOMAINS.some((d) => d.toLowerCase() === domain);
  return isStaffDomain ? "staff" : current;
}

export function withRole(meta: AppMetadata, role: AppRole | undefined): AppMetadata {
  const { role: _, ...rest } = meta;
  return role ? { ...rest, role } : rest;
}

/** An unsaved user row and its e-mail identity, as a new sign-up would have them. */
export function draftUser(args: {
  email: string;
  passwordHash: string | null;
  userMetadata: string;
  at: string;
  confirmedRole?: AppRole;
  confirmed: boolean;
}): { user: UserRow; identity: IdentityRow } {
  const id = randomUUID();
  const appMeta: AppMetadata = withRole({ provider: "email", providers: ["email"] }, args.confirmedRole);
  const user: UserRow = {
    id,
    email: args.email,
    encrypted_password: args.passwordHash,
    email_confirmed_at: args.confirmed ? args.at : null,
    confirmation_sent_at: null,
    recovery_sent_at: null,
    email_change: null,
    email_change_sent_at: null,
    last_sign_in_at: null,
    banned_until: null,
    invited_at: null,
    invited_role: null,
    raw_app_meta_data: JSON.stringify(appMeta),
    raw_user_meta_data: args.userMetadata,
    created_at: args.at,
    updated_at: args.at,
  };
  const identity: IdentityRow = {
    id: randomUUID(),
    user_id: id,
    provider: "email",
    provider_id: id,
    identity_data: JSON.stringify({
      sub: id,
      email: args.email,
      email_verified: args.confirmed,
      phone_verified: false,
    }),
    last_sign_in_at: null,
    created_at: args.at,
    updated_at: args.at,
  };
  return { user, identity };
}

/** Writes a drafted user and its identity, in the caller's transaction. */
export async function insertDraftUser(trx: Db, draft: { user: UserRow; identity: IdentityRow }) {
  const { user, identity } = draft;
  await insertUser(trx, {
    id: user.id,
    email: user.email,
    encrypted_password: user.encrypted_password,
    email_confirmed_at: user.email_confirmed_at,
    raw_app_meta_data: user.raw_app_meta_data,
    raw_user_meta_data: user.raw_user_meta_data,
    created_at: user.created_at,
  });
  await insertIdentity(trx, identity);
}

/**
 * The account with the draft's address, or the draft itself written as a new one (`created`). In the
 * caller's transaction and under the address's lock, so concurrent sign-ups of one address create it once
 * and the others find it.
 */
export async function findOrInsertUser(
  trx: Db,
  draft: { user: UserRow; identity: IdentityRow },
): Promise<{ user: UserRow; created: boolean }> {
  await lockAddress(trx, draft.user.email);
  const existing = await findUserByEmail(trx, draft.user.email);
  if (existing) return { user: existing, created: false };
  await insertDraftUser(trx, draft);
  return { user: draft.user, created: true };
}

/** An administrator invited the address and nobody has confirmed it since: its role waits on redemption. */
export const hasPendingInvitation = (user: Pick<UserRow, "email_confirmed_at" | "invited_at">) =>
  user.email_confirmed_at === null && user.invited_at !== null;

/**
 * Marks the address confirmed, inside the caller's transaction. Only the first confirmation changes the
 * account, because only then does it pass to whoever reads the mailbox. Anyone can sign up someone else's
 * address, so a password the followed link does not vouch for (`keepPassword` false: a magic link,
 * recovery, an invitation or another sign-up's confirmation) may be a stranger's and is removed.
 *
 * A role comes with the first confirmation only: the invitation's role when the followed link is that
 * invitation (any other link ends the invitation without it), else the staff-domain rule's. A role an
 * operator removes later stays removed, and a confirmed account that moves to a staff-domain address
 * gains nothing. Whenever a role is granted, no password set before survives, vouched for or not: the one
 * who signed the address up need not be the one reading its mail, so the role only ever works with a
 * password chosen afterwards in the session the followed link starts.
 */
export async function confirmEmail(
  trx: Db,
  config: Pick<Config, "STAFF_EMAIL_DOMAINS">,
  user: UserRow,
  at: string,
  args: { keepPassword: boolean; redeemsInvitation: boolean },
) {
  if (!user.email_confirmed_at) {
    const meta = JSON.parse(user.raw_app_meta_data) as AppMetadata;
    const invited = args.redeemsInvitation ? (user.invited_role ?? undefined) : undefined;
    const role = invited ?? domainRole(config, user.email, meta.role);
    const grantsRole = role !== undefined && role !== meta.role;
    await updateUser(
      trx,
      user.id,
      {
        email_confirmed_at: at,
        invited_role: null,
        raw_app_meta_data: JSON.stringify(withRole(meta, role)),
        ...(args.keepPassword && !grantsRole ? {} : { encrypted_password: null }),
      },
      at,
    );
  }
  const identity = (await listIdentities(trx, user.id)).find((i) => i.provider === "email");
  if (identity) {
    const data = JSON.parse(identity.identity_data) as Record<string, unknown>;
    await updateIdentityData(
      trx,
      user.id,
      JSON.stringify({ ...data, email: user.email, email_verified: true }),
      at,
    );
  }
}
