import { type AuditAction, audit } from "../../platform/audit";
import type { Requester } from "../../platform/deps";
import type { AuthDeps } from "./deps";

/**
 * Who changes someone else's account: an administrator in the back office, a server holding the
 * service_role key (GoTrue's admin API), or the operator at the command line. The same account changes
 * serve all three; the actor decides the audit row and the back office's own rules (an administrator
 * cannot block themselves, nor leave the team without an administrator).
 */
export type Actor =
  | { kind: "admin"; userId: string; email: string; requester: Requester }
  | { kind: "service_role"; requester: Requester }
  | { kind: "cli" };

const CLI: Requester = { ip: "cli", userAgent: "pnpm cli" };

/**
 * One audit row per administrative action: the acting administrator (if a person) is the row's user and
 * their request its ip and user agent; the account acted on is in `detail`. Never pass secrets in `detail`.
 */
export async function auditAdminAction(
  deps: Pick<AuthDeps, "db" | "now">,
  action: AuditAction,
  actor: Actor,
  target: { id: string; email: string },
  detail: Record<string, unknown> = {},
) {
  await audit(deps, action, {
    userId: actor.kind === "admin" ? actor.userId : null,
    email: actor.kind === "admin" ? actor.email : null,
    requester: actor.kind === "cli" ? CLI : actor.requester,
    detail: { by: actor.kind, target_id: target.id, target_email: target.email, ...detail },
  });
}
