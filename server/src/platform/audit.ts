import { insertAudit } from "./audit-repository";
import type { PlatformDeps, Requester } from "./deps";
import { nowIso } from "./values";

export type AuditAction =
  | "user_signedup"
  | "user_signup_repeated"
  | "user_confirmed"
  | "login"
  | "login_failed"
  | "logout"
  | "token_reuse_detected"
  | "magiclink_requested"
  | "recovery_requested"
  | "user_recovered"
  | "password_changed"
  | "email_change_requested"
  | "email_change_half_confirmed"
  | "email_changed"
  | "reauthentication_requested"
  | "user_metadata_updated"
  | "factor_enrolled"
  | "factor_verified"
  | "factor_unenrolled"
  | "user_created"
  | "role_changed"
  | "user_updated"
  | "user_deleted"
  | "user_banned"
  | "user_unbanned"
  | "user_invited"
  | "invite_accepted"
  | "link_generated"
  | "factor_removed"
  | "personal_data_exported"
  | "personal_data_erased"
  | "backup_created"
  | "backup_failed";

/** Appends to audit_log. Never pass secrets in `detail`: it is printed by `pnpm cli audit tail`. */
export async function audit(
  deps: Pick<PlatformDeps, "db" | "now">,
  action: AuditAction,
  entry: {
    userId?: string | null;
    email?: string | null;
    requester?: Requester;
    detail?: Record<string, unknown>;
  },
) {
  await insertAudit(deps.db, {
    action,
    user_id: entry.userId ?? null,
    email: entry.email ?? null,
    ip: entry.requester?.ip ?? null,
    user_agent: entry.requester?.userAgent?.slice(0, 500) ?? null,
    detail: JSON.stringify(entry.detail ?? {}),
    created_at: nowIso(deps),
  });
}
