import type { Config } from "../../config";
import type { Database } from "../../db/database";
import { draftUser, findOrInsertUser, withRole } from "./accounts";
import { audit } from "./audit";
import type { AppRole } from "./jwt";
import { assertStrongPassword, createPasswordHasher } from "./passwords";
import * as repo from "./repository";
import { appMetadataOf } from "./user-json";
import { isoAt, normalizeEmail } from "./values";

/** Operator commands (pnpm cli users …, audit tail). Errors are plain Errors with a readable message. */
export interface AdminDeps {
  db: Database;
  config: Pick<Config, "BCRYPT_COST">;
  now?: () => number;
}

const CLI = { ip: "cli", userAgent: "pnpm cli" };

export function parseRole(value: string | undefined, allowNone: boolean): AppRole | null {
  if (value === "admin" || value === "staff") return value;
  if (allowNone && value === "none") return null;
  throw new Error(`--role must be admin, staff${allowNone ? " or none" : ""}`);
}

/**
 * A confirmed user with a password, as an administrator creates one, with exactly the role asked for: the
 * staff-domain rule needs a mailed link to be followed, and an operator's "none" means none.
 */
export async function createUserAsAdmin(
  deps: AdminDeps,
  args: { email: string; password: string; role: AppRole | null },
) {
  const email = normalizeEmail(args.email);
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new Error("--email must be an e-mail address");
  try {
    assertStrongPassword(args.password);
  } catch (err) {
    throw new Error(`weak password: ${(err as Error).message}`);
  }
  const exists = () => new Error(`a user with e-mail ${email} already exists`);
  if (await repo.findUserByEmail(deps.db, email)) throw exists();
  const passwordHash = await createPasswordHasher(deps.config.BCRYPT_COST).hash(args.password);
  const at = isoAt((deps.now ?? Date.now)());
  const draft = draftUser({
    email,
    passwordHash,
    userMetadata: "{}",
    at,
    confirmed: true,
    confirmedRole: args.role ?? undefined,
  });
  const { created } = await deps.db.withTransaction((trx) => findOrInsertUser(trx, draft));
  if (!created) throw exists();
  await audit({ db: deps.db, now: deps.now ?? Date.now }, "user_created", {
    userId: draft.user.id,
    email,
    requester: CLI,
    detail: { role: args.role },
  });
  return { id: draft.user.id, email, role: args.role };
}

/**
 * Sets or removes app_metadata.role. Access tokens carry the role, so the user's sessions are ended:
 * a removed role stops working at once instead of at the token's expiry.
 */
export async function setUserRole(deps: AdminDeps, args: { email: string; role: AppRole | null }) {
  const email = normalizeEmail(args.email);
  const noUser = () => new Error(`no user with e-mail ${email}`);
  const found = await repo.findUserByEmail(deps.db, email);
  if (!found) throw noUser();
  const now = deps.now ?? Date.now;
  const at = isoAt(now());
  const { before, ended } = await deps.db.withTransaction(async (trx) => {
    // Read again under the lock: app_metadata is rewritten whole, so a change made meanwhile is kept.
    const user = await repo.lockUser(trx, found.id);
    if (!user) throw noUser();
    const from = appMetadataOf(user).role ?? null;
    await repo.updateUser(
      trx,
      user.id,
      { raw_app_meta_data: JSON.stringify(withRole(appMetadataOf(user), args.role ?? undefined)) },
      at,
    );
    const count =
      from === args.role ? 0 : await repo.endSessions(trx, { userId: user.id, at, reason: "role_changed" });
    return { before: from, ended: count };
  });
  await audit({ db: deps.db, now }, "role_changed", {
    userId: found.id,
    email,
    requester: CLI,
    detail: { from: before, to: args.role },
  });
  return { email, from: before, to: args.role, endedSessions: ended };
}

export async function listUsersForAdmin(deps: AdminDeps) {
  return (await repo.listUsers(deps.db)).map((u) => ({
    email: u.email,
    role: appMetadataOf(u).role ?? "-",
    confirmed: u.email_confirmed_at ? "yes" : "no",
    created_at: u.created_at,
    last_sign_in_at: u.last_sign_in_at ?? "-",
  }));
}

/** The newest `limit` entries, oldest first (as a log reads). */
export async function tailAuditLog(deps: AdminDeps, limit: number) {
  return (await repo.tailAudit(deps.db, limit)).reverse().map((e) => ({
    at: e.created_at,
    action: e.action,
    email: e.email ?? "-",
    user_id: e.user_id ?? "-",
    ip: e.ip ?? "-",
    user_agent: e.user_agent ?? "-",
    detail: e.detail,
  }));
}
