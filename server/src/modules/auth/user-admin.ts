import type { Database, Db } from "../../db/database";
import type { MfaFactorRow, UserRow } from "../../db/schema";
import { AppError } from "../../http/app-error";
import { isoAt, normalizeEmail } from "../../platform/values";
import { draftUser, findOrInsertUser, hasPendingInvitation, metadataJson, withRole } from "./accounts";
import { type Actor, auditAdminAction } from "./actor";
import { banUntil, isBanned } from "./bans";
import { deleteFactor, findFactor } from "./factors-repository";
import type { AppRole } from "./jwt";
import { lockAddress, lockTeamRoles } from "./locks";
import { deleteOneTimeTokens } from "./one-time-tokens-repository";
import { assertStrongPassword, type PasswordHasher } from "./passwords";
import { downgradeSessionsOfFactor, endSessions } from "./sessions-repository";
import { mergeMetadata } from "./user";
import { type AppMetadata, appMetadataOf, userMetadataOf } from "./user-json";
import {
  deleteUser,
  findUserByEmail,
  findUserById,
  listIdentities,
  listUsers,
  lockUser,
  type UserChanges,
  updateIdentityData,
  updateUser,
} from "./users-repository";

/**
 * Changes an administrator makes to someone's account: one implementation for the operator's CLI, GoTrue's
 * admin API (service_role) and the back office's team routes. Errors are AppErrors; the caller's family
 * gives them their shape (the CLI prints the message).
 */
export interface UserAdminDeps {
  db: Database;
  now: () => number;
  passwords: Pick<PasswordHasher, "hash">;
}

/** GoTrue's ban that lasts until lifted (about a hundred years), as the back office blocks someone. */
const INDEFINITE_BAN = "876000h";

export interface AccountChanges {
  email?: string;
  password?: string;
  emailConfirm?: boolean;
  userMetadata?: Record<string, unknown>;
  /** Merged key by key (null removes a key); `role` is the back-office role (null removes it). */
  appMetadata?: Record<string, unknown>;
  /** A Go duration or "none" (see bans.ts). */
  banDuration?: string;
}

export const userNotFound = () => new AppError("user_not_found", "User not found");
export const emailExists = () =>
  new AppError("email_exists", "A user with this email address has already been registered");

async function hashStrong(deps: UserAdminDeps, password: string) {
  assertStrongPassword(password);
  return deps.passwords.hash(password);
}

/** The provider fields describe how the account signs in: the server's to keep, whatever a patch says. */
function patchedAppMetadata(current: AppMetadata, patch: Record<string, unknown>): AppMetadata {
  const { provider: _provider, providers: _providers, ...rest } = patch;
  return mergeMetadata(current, rest) as AppMetadata;
}

const roleOf = (meta: AppMetadata): AppRole | null => meta.role ?? null;

async function countAdmins(trx: Db) {
  return (await listUsers(trx)).filter((u) => appMetadataOf(u).role === "admin").length;
}

async function loadUser(db: Db, id: string) {
  const user = await findUserById(db, id);
  if (!user) throw userNotFound();
  return user;
}

/** A new account, no mail sent. Without a password it can only be entered through a mailed link. */
export async function createUser(
  deps: UserAdminDeps,
  actor: Actor,
  input: AccountChanges & { email: string },
): Promise<UserRow> {
  const email = normalizeEmail(input.email);
  const passwordHash = input.password ? await hashStrong(deps, input.password) : null;
  const nowMs = deps.now();
  const at = isoAt(nowMs);
  const bannedUntil = input.banDuration ? banUntil(input.banDuration, nowMs) : null;
  const confirmed = input.emailConfirm ?? false;
  const draft = draftUser({
    email,
    passwordHash,
    userMetadata: metadataJson(input.userMetadata),
    at,
    confirmed,
  });
  const appMetadata = patchedAppMetadata(appMetadataOf(draft.user), input.appMetadata ?? {});
  draft.user.raw_app_meta_data = metadataJson(appMetadata);
  const { created } = await deps.db.withTransaction(async (trx) => {
    const result = await findOrInsertUser(trx, draft);
    if (result.created && bannedUntil) {
      await updateUser(trx, draft.user.id, { banned_until: bannedUntil }, at);
    }
    return result;
  });
  if (!created) throw emailExists();
  await auditAdminAction(deps, "user_created", actor, draft.user, {
    role: roleOf(appMetadata),
    confirmed,
    ...(bannedUntil ? { banned_until: bannedUntil } : {}),
  });
  return loadUser(deps.db, draft.user.id);
}

export interface AccountUpdate {
  user: UserRow;
  roleFrom: AppRole | null;
  roleTo: AppRole | null;
  endedSessions: number;
}

/**
 * Changes an account under its row's lock. Access tokens carry the role and the address, so a change of
 * either, a new password and a ban end every session of the account at once. An administrator acting from
 * the back office may not block themselves nor take the role from the last administrator.
 */
export async function updateAccount(
  deps: UserAdminDeps,
  actor: Actor,
  userId: string,
  changes: AccountChanges,
): Promise<AccountUpdate> {
  const passwordHash = changes.password ? await hashStrong(deps, changes.password) : undefined;
  const nowMs = deps.now();
  const at = isoAt(nowMs);
  const bannedUntil = changes.banDuration === undefined ? undefined : banUntil(changes.banDuration, nowMs);
  const email = changes.email === undefined ? undefined : normalizeEmail(changes.email);
  const bySomeAdmin = actor.kind === "admin";

  const outcome = await deps.db.withTransaction(async (trx) => {
    if (bySomeAdmin && changes.appMetadata && "role" in changes.appMetadata) await lockTeamRoles(trx);
    const user = await lockUser(trx, userId);
    if (!user) throw userNotFound();
    if (bySomeAdmin && bannedUntil && user.id === actor.userId) {
      throw new AppError("self_ban", "You cannot block your own account");
    }
    // A pending invitation's role waits for its redemption (see confirmEmail): a new one waits there too.
    const pending = hasPendingInvitation(user);
    const held = appMetadataOf(user);
    const meta = pending ? withRole(held, user.invited_role ?? held.role) : held;
    const newMeta = changes.appMetadata ? patchedAppMetadata(meta, changes.appMetadata) : meta;
    const [from, to] = [roleOf(meta), roleOf(newMeta)];
    if (bySomeAdmin && !pending && from === "admin" && to !== "admin" && (await countAdmins(trx)) <= 1) {
      throw new AppError(
        "last_admin",
        "This is the last administrator: make someone else an administrator first",
      );
    }
    const set: UserChanges = {};
    if (changes.appMetadata && pending) {
      set.raw_app_meta_data = metadataJson(withRole(newMeta, undefined));
      set.invited_role = to;
    } else if (changes.appMetadata) set.raw_app_meta_data = metadataJson(newMeta);
    if (changes.userMetadata) {
      set.raw_user_meta_data = metadataJson(mergeMetadata(userMetadataOf(user), changes.userMetadata));
    }
    if (passwordHash) set.encrypted_password = passwordHash;
    if (changes.emailConfirm && !user.email_confirmed_at) set.email_confirmed_at = at;
    if (bannedUntil !== undefined) set.banned_until = bannedUntil;
    if (email && email !== user.email) {
      // The new address is checked and taken under its lock, as a sign-up takes one.
      await lockAddress(trx, email);
      if (await findUserByEmail(trx, email)) throw emailExists();
      Object.assign(set, { email, email_change: null, email_change_sent_at: null });
    }
    if (Object.keys(set).length > 0) await updateUser(trx, user.id, set, at);
    if (set.email) {
      const identity = (await listIdentities(trx, user.id)).find((i) => i.provider === "email");
      const data = identity ? (JSON.parse(identity.identity_data) as Record<string, unknown>) : {};
      const verified = Boolean(set.email_confirmed_at ?? user.email_confirmed_at);
      await updateIdentityData(
        trx,
        user.id,
        JSON.stringify({ ...data, email, email_verified: verified }),
        at,
      );
    }
    const reason = bannedUntil
      ? "banned"
      : from !== to
        ? "role_changed"
        : passwordHash
          ? "password_changed"
          : set.email
            ? "email_changed"
            : undefined;
    const ended = reason ? await endSessions(trx, { userId: user.id, at, reason }) : 0;
    if (passwordHash || set.email) await deleteOneTimeTokens(trx, user.id, "recovery");
    return { before: user, user: await loadUser(trx, user.id), from, to, ended, set };
  });

  const { before, user, from, to, ended, set } = outcome;
  const target = { id: user.id, email: before.email };
  if (from !== to) {
    await auditAdminAction(deps, "role_changed", actor, target, { from, to, ended_sessions: ended });
  }
  if (bannedUntil) {
    await auditAdminAction(deps, "user_banned", actor, target, { until: bannedUntil, ended_sessions: ended });
  } else if (bannedUntil === null && isBanned(before, at)) {
    await auditAdminAction(deps, "user_unbanned", actor, target);
  }
  const fields = [
    set.email && "email",
    set.encrypted_password && "password",
    set.email_confirmed_at && "email_confirmed",
    set.raw_user_meta_data && "user_metadata",
    changes.appMetadata && Object.keys(changes.appMetadata).some((k) => k !== "role") && "app_metadata",
  ].filter((f): f is string => typeof f === "string");
  if (fields.length > 0) {
    await auditAdminAction(deps, "user_updated", actor, target, {
      fields,
      ...(set.email ? { new_email: set.email } : {}),
    });
  }
  return { user, roleFrom: from, roleTo: to, endedSessions: ended };
}

export const setRole = (deps: UserAdminDeps, actor: Actor, userId: string, role: AppRole | null) =>
  updateAccount(deps, actor, userId, { appMetadata: { role } });

/** Blocks an account until unblocked (ending its sessions), or lifts the block. */
export const setBanned = (deps: UserAdminDeps, actor: Actor, userId: string, banned: boolean) =>
  updateAccount(deps, actor, userId, { banDuration: banned ? INDEFINITE_BAN : "none" });

/** Deletes an account with everything that hangs on it; its sessions end with it. */
export async function deleteAccount(deps: UserAdminDeps, actor: Actor, userId: string) {
  const user = await deps.db.withTransaction(async (trx) => {
    const found = await lockUser(trx, userId);
    if (!found) throw userNotFound();
    await deleteUser(trx, found.id);
    return found;
  });
  await auditAdminAction(deps, "user_deleted", actor, user);
}

/**
 * Removes a second factor someone lost. Sessions that reached aal2 with it drop to aal1, as when the
 * user removes it themselves.
 */
export async function removeFactor(
  deps: UserAdminDeps,
  actor: Actor,
  userId: string,
  factorId: string,
): Promise<{ user: UserRow; factor: MfaFactorRow }> {
  const { user, factor } = await deps.db.withTransaction(async (trx) => {
    const found = await lockUser(trx, userId);
    if (!found) throw userNotFound();
    const owned = await findFactor(trx, factorId, found.id);
    if (!owned) throw new AppError("mfa_factor_not_found", "Factor not found");
    await deleteFactor(trx, owned.id);
    await downgradeSessionsOfFactor(trx, owned.id);
    return { user: found, factor: owned };
  });
  await auditAdminAction(deps, "factor_removed", actor, user, {
    factor_id: factor.id,
    factor_type: factor.factor_type,
    friendly_name: factor.friendly_name,
  });
  return { user, factor };
}
