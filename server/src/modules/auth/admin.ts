import type { Config } from "../../config";
import type { Database } from "../../db/database";
import { AppError } from "../../http/app-error";
import { tailAudit } from "../../platform/audit-repository";
import { normalizeEmail } from "../../platform/values";
import type { Actor } from "./actor";
import type { AppRole } from "./jwt";
import { assertStrongPassword, createPasswordHasher } from "./passwords";
import { createUser, setRole, type UserAdminDeps } from "./user-admin";
import { appMetadataOf } from "./user-json";
import { findUserByEmail, listUsers } from "./users-repository";

/** Operator commands (pnpm cli users …, audit tail). Errors are plain Errors with a readable message. */
export interface AdminDeps {
  db: Database;
  config: Pick<Config, "BCRYPT_COST">;
  now?: () => number;
}

const CLI: Actor = { kind: "cli" };

const userAdminDeps = (deps: AdminDeps): UserAdminDeps => ({
  db: deps.db,
  now: deps.now ?? Date.now,
  passwords: createPasswordHasher(deps.config.BCRYPT_COST),
});

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
  try {
    const user = await createUser(userAdminDeps(deps), CLI, {
      email,
      password: args.password,
      emailConfirm: true,
      appMetadata: args.role ? { role: args.role } : {},
    });
    return { id: user.id, email, role: args.role };
  } catch (err) {
    if (err instanceof AppError && err.code === "email_exists") {
      throw new Error(`a user with e-mail ${email} already exists`);
    }
    throw err;
  }
}

/**
 * Sets or removes app_metadata.role. Access tokens carry the role, so the user's sessions are ended:
 * a removed role stops working at once instead of at the token's expiry.
 */
export async function setUserRole(deps: AdminDeps, args: { email: string; role: AppRole | null }) {
  const email = normalizeEmail(args.email);
  const found = await findUserByEmail(deps.db, email);
  if (!found) throw new Error(`no user with e-mail ${email}`);
  const result = await setRole(userAdminDeps(deps), CLI, found.id, args.role);
  return { email, from: result.roleFrom, to: result.roleTo, endedSessions: result.endedSessions };
}

export async function listUsersForAdmin(deps: AdminDeps) {
  return (await listUsers(deps.db)).map((u) => ({
    email: u.email,
    role: appMetadataOf(u).role ?? "-",
    confirmed: u.email_confirmed_at ? "yes" : "no",
    created_at: u.created_at,
    last_sign_in_at: u.last_sign_in_at ?? "-",
  }));
}

/** The newest `limit` entries, oldest first (as a log reads). */
export async function tailAuditLog(deps: AdminDeps, limit: number) {
  return (await tailAudit(deps.db, limit)).reverse().map((e) => ({
    at: e.created_at,
    action: e.action,
    email: e.email ?? "-",
    user_id: e.user_id ?? "-",
    ip: e.ip ?? "-",
    user_agent: e.user_agent ?? "-",
    detail: e.detail,
  }));
}
