import type { UserSession } from "@app/contracts";
import { AppError } from "../../http/app-error";
import { audit } from "../../platform/audit";
import type { Requester } from "../../platform/deps";
import { isoAt, nowIso } from "../../platform/values";
import type { AuthDeps, SignedIn } from "./deps";
import { endSessions, liveSessionsOfUser } from "./sessions-repository";

/** The live sessions of the signed-in user, newest first, for the settings page: where they are signed in. */
export async function listUserSessions(
  deps: Pick<AuthDeps, "db" | "config" | "now">,
  who: SignedIn,
): Promise<UserSession[]> {
  const nowMs = deps.now();
  const rows = await liveSessionsOfUser(deps.db, {
    userId: who.userId,
    now: isoAt(nowMs),
    idleSince: isoAt(nowMs - deps.config.SESSION_INACTIVITY_TIMEOUT * 1000),
  });
  return rows.map((row) => ({
    id: row.id,
    created_at: row.created_at,
    refreshed_at: row.refreshed_at,
    user_agent: row.user_agent,
    ip: row.ip,
    aal: row.aal,
    current: row.id === who.sessionId,
  }));
}

/**
 * Ends one of the user's own sessions (a lost phone, a shared computer): its refresh tokens die with it,
 * and its access token stops working at the next request. Someone else's session, or one already over,
 * answers as not found, so no session id of another user can be confirmed.
 */
export async function endUserSession(
  deps: AuthDeps,
  who: SignedIn,
  sessionId: string,
  requester: Requester,
): Promise<void> {
  const at = nowIso(deps);
  const ended = await deps.db.withTransaction((trx) =>
    endSessions(trx, { userId: who.userId, only: sessionId, at, reason: "ended_by_user" }),
  );
  if (ended === 0) throw new AppError("not_found", "No such session of yours is active");
  await audit(deps, "logout", {
    userId: who.userId,
    requester,
    detail: { scope: "one", session_id: sessionId, by_session: who.sessionId },
  });
}
