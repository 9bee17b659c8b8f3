import { randomUUID } from "node:crypto";
import type { AuthSession, AuthUser, LogoutScope } from "@app/contracts";
import type { SessionRow, UserRow } from "../../db/schema";
import { AppError } from "../../http/app-error";
import { audit } from "../../platform/audit";
import type { Requester } from "../../platform/deps";
import { randomToken, sha256 } from "../../platform/secrets";
import { isoAt, nowIso } from "../../platform/values";
import { isBanned, userBanned } from "./bans";
import type { AuthDeps } from "./deps";
import { rotateInOneStatement } from "./rotation-statement";
import {
  endSessions,
  findActiveToken,
  findChildToken,
  findRefreshToken,
  insertRefreshToken,
  insertSession,
  type LiveSessionAssurance,
  liveSessionAal,
  lockSession,
  revokeToken,
  touchSession,
} from "./sessions-repository";
import { appMetadataOf, toUserJson, userJsonFrom, userMetadataOf } from "./user-json";
import { findUserById, lockUser, touchIdentity, updateUser } from "./users-repository";

export type AmrMethod =
  | "password"
  | "otp"
  | "magiclink"
  | "recovery"
  | "email/signup"
  | "totp"
  | "email_change"
  | "invite";
type Amr = { method: string; timestamp: number }[];

export interface SessionStart {
  user: UserRow;
  requester: Requester;
  method: AmrMethod;
  /**
   * Checked against the user as stored, under their row's lock, right before the session starts; throws to
   * refuse. A sign-in checks here that the password it compared is still the one stored, so a password
   * change that commits meanwhile (and ends every other session) cannot be outrun.
   */
  guard?: (current: UserRow) => void;
}

/** Starts a session for a user and returns its first refresh token (the root of its family). */
async function startSession(
  deps: AuthDeps,
  args: SessionStart,
): Promise<{ session: SessionRow; refreshToken: string }> {
  const nowMs = deps.now();
  const at = isoAt(nowMs);
  const session: SessionRow = {
    id: randomUUID(),
    user_id: args.user.id,
    aal: "aal1",
    factor_id: null,
    amr: JSON.stringify([{ method: args.method, timestamp: Math.floor(nowMs / 1000) }] satisfies Amr),
    user_agent: args.requester.userAgent?.slice(0, 500) ?? null,
    ip: args.requester.ip,
    created_at: at,
    refreshed_at: at,
    not_after: isoAt(nowMs + deps.config.SESSION_TIMEBOX * 1000),
    ended_at: null,
    ended_reason: null,
  };
  const refreshToken = randomToken();
  await deps.db.withTransaction(async (trx) => {
    const current = await lockUser(trx, args.user.id);
    if (!current) throw new AppError("user_not_found", "User not found");
    args.guard?.(current);
    // After the guard: only someone who proved the password (or the link) learns of the block.
    if (isBanned(current, at)) throw userBanned();
    await updateUser(trx, args.user.id, { last_sign_in_at: at }, at);
    await touchIdentity(trx, args.user.id, at);
    await insertSession(trx, session);
    await insertRefreshToken(trx, {
      token_hash: sha256(refreshToken),
      session_id: session.id,
      user_id: args.user.id,
      parent_id: null,
      created_at: at,
    });
  });
  return { session, refreshToken };
}

type BodySession = Pick<SessionRow, "id" | "user_id" | "aal" | "amr">;

/** The GoTrue session body: a fresh access token for the session plus the given refresh token. */
export async function sessionBody(
  deps: AuthDeps,
  session: BodySession,
  refreshToken: string,
): Promise<AuthSession> {
  const user = await findUserById(deps.db, session.user_id);
  if (!user) throw new AppError("user_not_found", "User not found");
  return sessionBodyOf(deps, session, refreshToken, user, await toUserJson(deps.db, user));
}

function sessionBodyOf(
  deps: AuthDeps,
  session: BodySession,
  refreshToken: string,
  user: UserRow,
  userJson: AuthUser,
): AuthSession {
  const expiresIn = deps.config.JWT_EXPIRY;
  const { token, claims } = deps.tokens.signAccessToken(
    {
      sub: user.id,
      email: user.email,
      phone: "",
      role: "authenticated",
      app_metadata: appMetadataOf(user),
      user_metadata: userMetadataOf(user),
      session_id: session.id,
      aal: session.aal,
      amr: JSON.parse(session.amr) as Amr,
      is_anonymous: false,
    },
    expiresIn,
  );
  return {
    access_token: token,
    token_type: "bearer",
    expires_in: expiresIn,
    expires_at: claims.exp,
    refresh_token: refreshToken,
    user: userJson,
  };
}

export async function signInUser(deps: AuthDeps, args: SessionStart) {
  const { session, refreshToken } = await startSession(deps, args);
  return sessionBody(deps, session, refreshToken);
}

/**
 * The cheap check the authorizer runs on every request carrying a user token: the session's current
 * assurance, or undefined once it has ended. The level can drop below the token's `aal` claim (a factor
 * was removed), and the lower of the two is what counts.
 */
export function createSessionCheck(deps: Pick<AuthDeps, "db" | "config" | "now">) {
  return (sessionId: string, userId: string): Promise<LiveSessionAssurance | undefined> => {
    const nowMs = deps.now();
    return liveSessionAal(deps.db, {
      sessionId,
      userId,
      now: isoAt(nowMs),
      idleSince: isoAt(nowMs - deps.config.SESSION_INACTIVITY_TIMEOUT * 1000),
    });
  };
}

const refreshTokenNotFound = () =>
  new AppError("refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
const refreshTokenAlreadyUsed = () =>
  new AppError("refresh_token_already_used", "Invalid Refresh Token: Already Used");

type RotationOutcome =
  | { kind: "ok"; session: SessionRow; refreshToken: string; reused: boolean }
  | { kind: "not_found" }
  | { kind: "banned" }
  | { kind: "expired"; userId: string }
  | { kind: "already_used"; userId: string; sessionId: string; revokedFamily: boolean };

/** Longest chain walked from a re-presented token to the active one (all within the reuse interval). */
const MAX_CHAIN_WALK = 32;

/**
 * Refresh-token rotation, in one transaction that holds the session's row, so concurrent refreshes of a
 * session queue (on PostgreSQL on the row lock, on SQLite on the write lock) and each reads the token as
 * the one before it left it:
 * - an active token is revoked and its child issued (the child is derived from it, see secrets.ts);
 * - a revoked token presented less than REFRESH_TOKEN_REUSE_INTERVAL after it was revoked gets the
 *   current active token back (two tabs racing stay signed in);
 * - any other revoked token means the family leaked: the whole session is ended. That includes the
 *   parent of the active token: a client that lost the answer to its refresh retries within seconds,
 *   while a copy of the token replayed later is exactly what a thief holds.
 */
export async function rotateRefreshToken(
  deps: AuthDeps,
  presented: string,
  requester: Requester,
): Promise<AuthSession> {
  const { db, config, secrets } = deps;
  const nowMs = deps.now();
  const at = isoAt(nowMs);
  const tokenHash = sha256(presented);
  const idleSince = isoAt(nowMs - config.SESSION_INACTIVITY_TIMEOUT * 1000);
  if (db.engine === "postgres") {
    const child = secrets.childToken(presented);
    const rotated = await rotateInOneStatement(db, { tokenHash, at, idleSince, childHash: sha256(child) });
    if (rotated) {
      const { session, user, identities, factors } = rotated;
      return sessionBodyOf(deps, session, child, user, userJsonFrom(user, identities, factors));
    }
  }
  const outcome = await db.withTransaction(async (trx): Promise<RotationOutcome> => {
    const found = await findRefreshToken(trx, tokenHash);
    if (!found) return { kind: "not_found" };
    // A ban ended the sessions already; GoTrue still names the reason to whoever holds a token.
    const owner = await findUserById(trx, found.user_id);
    if (owner && isBanned(owner, at)) return { kind: "banned" };
    const session = await lockSession(trx, found.session_id);
    if (!session || session.ended_at) return { kind: "not_found" };
    // Read again under the lock: the refresh ahead of this one may just have rotated it.
    const row = await findRefreshToken(trx, tokenHash);
    if (!row) return { kind: "not_found" };
    if (session.not_after <= at || session.refreshed_at <= idleSince) {
      await endSessions(trx, { userId: session.user_id, only: session.id, at, reason: "timeout" });
      return { kind: "expired", userId: session.user_id };
    }
    if (!row.revoked_at) {
      await revokeToken(trx, row.id, at);
      const child = secrets.childToken(presented);
      await insertRefreshToken(trx, {
        token_hash: sha256(child),
        session_id: session.id,
        user_id: session.user_id,
        parent_id: row.id,
        created_at: at,
      });
      await touchSession(trx, session.id, at);
      return { kind: "ok", session, refreshToken: child, reused: false };
    }
    const withinInterval = nowMs - Date.parse(row.revoked_at) < config.REFRESH_TOKEN_REUSE_INTERVAL * 1000;
    const active = withinInterval ? await findActiveToken(trx, session.id) : undefined;
    if (active) {
      let raw = presented;
      let current = row;
      for (let i = 0; i < MAX_CHAIN_WALK && current.id !== active.id; i++) {
        const child = await findChildToken(trx, current.id);
        if (!child) break;
        raw = secrets.childToken(raw);
        if (sha256(raw) !== child.token_hash) break;
        current = child;
      }
      if (current.id === active.id) {
        await touchSession(trx, session.id, at);
        return { kind: "ok", session, refreshToken: raw, reused: true };
      }
    }
    // Recent, but the active token is not derivable from it (MFA verification started a new chain):
    // refused, but not treated as a leak. After the interval it is a leak like any other.
    if (withinInterval) {
      return { kind: "already_used", userId: session.user_id, sessionId: session.id, revokedFamily: false };
    }
    await endSessions(trx, {
      userId: session.user_id,
      only: session.id,
      at,
      reason: "refresh_token_reuse",
    });
    return { kind: "already_used", userId: session.user_id, sessionId: session.id, revokedFamily: true };
  });

  switch (outcome.kind) {
    case "ok":
      return sessionBody(deps, outcome.session, outcome.refreshToken);
    case "not_found":
      throw refreshTokenNotFound();
    case "banned":
      throw userBanned(400, "Invalid Refresh Token: User Banned");
    case "expired":
      throw new AppError("session_expired", "Invalid Refresh Token: Session Expired");
    case "already_used":
      if (outcome.revokedFamily) {
        await audit(deps, "token_reuse_detected", {
          userId: outcome.userId,
          requester,
          detail: { session_id: outcome.sessionId, action: "session ended" },
        });
      }
      throw refreshTokenAlreadyUsed();
  }
}

export async function signOut(
  deps: AuthDeps,
  args: { userId: string; sessionId: string; scope: LogoutScope; requester: Requester },
) {
  const at = nowIso(deps);
  const { userId, sessionId, scope } = args;
  await deps.db.withTransaction(async (trx) => {
    if (scope === "local") await endSessions(trx, { userId, only: sessionId, at, reason: "logout" });
    else if (scope === "others") await endSessions(trx, { userId, except: sessionId, at, reason: "logout" });
    else await endSessions(trx, { userId, at, reason: "logout" });
  });
  await audit(deps, "logout", {
    userId,
    requester: args.requester,
    detail: { scope, session_id: sessionId },
  });
}
