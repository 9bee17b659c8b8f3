import type { Config } from "../../config";
import type { Database } from "../../db/database";
import { draftUser, insertDraftUser, withRole } from "./accounts";
import { audit } from "./audit";
import { isoAt, normalizeEmail } from "./deps";
import type { AppRole } from "./jwt";
import { assertStrongPassword, createPasswordHasher } from "./passwords";
import * as repo from "./repository";
import { appMetadataOf } from "./user-json";

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
  if (repo.findUserByEmail(deps.db, email)) throw new Error(`a user with e-mail ${email} already exists`);
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
  insertDraftUser(deps.db, draft);
  audit({ db: deps.db, now: deps.now ?? Date.now }, "user_created", {
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
export function setUserRole(deps: AdminDeps, args: { email: string; role: AppRole | null }) {
  const email = normalizeEmail(args.email);
  const user = repo.findUserByEmail(deps.db, email);
  if (!user) throw new Error(`no user with e-mail ${email}`);
  const now = deps.now ?? Date.now;
  const at = isoAt(now());
  const before = appMetadataOf(user).role ?? null;
  const ended = deps.db.transaction(() => {
    repo.updateUser(
      deps.db,
      user.id,
      { raw_app_meta_data: JSON.stringify(withRole(appMetadataOf(user), args.role ?? undefined)) },
      at,
    );
    return before === args.role
      ? 0
      : repo.endSessions(deps.db, { userId: user.id, at, reason: "role_changed" });
  });
  audit({ db: deps.db, now }, "role_changed", {
    userId: user.id,
    email,
    requester: CLI,
    detail: { from: before, to: args.role },
  });
  return { email, from: before, to: args.role, endedSessions: ended };
}

export function listUsersForAdmin(deps: AdminDeps) {
  return repo.listUsers(deps.db).map((u) => ({
    email: u.email,
    role: appMetadataOf(u).role ?? "-",
    confirmed: u.email_confirmed_at ? "yes" : "no",
    created_at: u.created_at,
    last_sign_in_at: u.last_sign_in_at ?? "-",
  }));
}

/** The newest `limit` entries, oldest first (as a log reads). */
export function tailAuditLog(deps: AdminDeps, limit: number) {
  return repo
    .tailAudit(deps.db, limit)
    .reverse()
    .map((e) => ({
      at: e.created_at,
      action: e.action,
      email: e.email ?? "-",
      user_id: e.user_id ?? "-",
      ip: e.ip ?? "-",
      user_agent: e.user_agent ?? "-",
      detail: e.detail,
    }));
}
