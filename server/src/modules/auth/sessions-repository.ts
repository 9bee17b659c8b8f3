import { fixedQuery } from "../../db/compiled-query";
import type { Db } from "../../db/database";
import type { RefreshTokenRow, SessionRow } from "../../db/schema";
import { lockedOnPostgres } from "./locks";

/**
 * The statements of sessions and the refresh tokens that keep them alive. Plain async functions taking
 * the executor first: the database, or the transaction the caller is in.
 */

export async function insertSession(db: Db, session: Omit<SessionRow, "ended_at" | "ended_reason">) {
  await db
    .insertInto("sessions")
    .values({ ...session, ended_at: null, ended_reason: null })
    .execute();
}

const sessionById = fixedQuery((k, id: string) => k.selectFrom("sessions").selectAll().where("id", "=", id));
export async function findSession(db: Db, id: string): Promise<SessionRow | undefined> {
  return sessionById.first(db, id);
}

const lockedSession = fixedQuery((k, id: string) =>
  lockedOnPostgres(k, k.selectFrom("sessions").selectAll().where("id", "=", id)),
);
/** Reads a session and locks its row until the transaction ends: its refresh tokens change one at a time. */
export async function lockSession(db: Db, id: string): Promise<SessionRow | undefined> {
  return lockedSession.first(db, id);
}

const liveSession = fixedQuery((k, sessionId: string, userId: string, now: string, idleSince: string) =>
  k
    .selectFrom("sessions")
    .select((eb) => [
      "aal",
      eb
        .exists(
          eb
            .selectFrom("mfa_factors")
            .select("mfa_factors.id")
            .whereRef("mfa_factors.user_id", "=", "sessions.user_id")
            .where("mfa_factors.status", "=", "verified"),
        )
        .as("has_verified_factor"),
    ])
    .where("id", "=", sessionId)
    .where("user_id", "=", userId)
    .where("ended_at", "is", null)
    .where("not_after", ">", now)
    .where("refreshed_at", ">", idleSince),
);
export interface LiveSessionAssurance {
  aal: "aal1" | "aal2";
  /** A person who has proven a second factor must use it: their aal1 sessions are not trusted as staff. */
  hasVerifiedFactor: boolean;
}

/**
 * The assurance of a live session, undefined when it has ended or timed out. Runs on every authenticated
 * request: one indexed lookup through a query compiled once.
 */
export async function liveSessionAal(
  db: Db,
  args: { sessionId: string; userId: string; now: string; idleSince: string },
): Promise<LiveSessionAssurance | undefined> {
  const row = await liveSession.first(db, args.sessionId, args.userId, args.now, args.idleSince);
  // SQLite answers EXISTS with 0 or 1, PostgreSQL with a boolean.
  return row && { aal: row.aal, hasVerifiedFactor: Boolean(row.has_verified_factor) };
}

/** A user's sessions that have neither ended nor timed out, newest first. */
export async function liveSessionsOfUser(db: Db, args: { userId: string; now: string; idleSince: string }) {
  return db
    .selectFrom("sessions")
    .selectAll()
    .where("user_id", "=", args.userId)
    .where("ended_at", "is", null)
    .where("not_after", ">", args.now)
    .where("refreshed_at", ">", args.idleSince)
    .orderBy("created_at", "desc")
    .execute();
}

const touch = fixedQuery((k, id: string, at: string) =>
  k.updateTable("sessions").set({ refreshed_at: at }).where("id", "=", id),
);
export async function touchSession(db: Db, id: string, at: string) {
  await touch.run(db, id, at);
}

export async function setSessionAal(
  db: Db,
  id: string,
  changes: { aal: "aal1" | "aal2"; factor_id: string | null; amr: string },
) {
  await db.updateTable("sessions").set(changes).where("id", "=", id).execute();
}

export async function downgradeSessionsOfFactor(db: Db, factorId: string) {
  await db
    .updateTable("sessions")
    .set({ aal: "aal1", factor_id: null })
    .where("factor_id", "=", factorId)
    .execute();
}

/** Ends sessions of a user: all of them, or all but one (`except`), or just one (`only`). */
export async function endSessions(
  db: Db,
  args: { userId: string; at: string; reason: string; only?: string; except?: string },
): Promise<number> {
  let query = db
    .updateTable("sessions")
    .set({ ended_at: args.at, ended_reason: args.reason })
    .where("user_id", "=", args.userId)
    .where("ended_at", "is", null);
  if (args.only) query = query.where("id", "=", args.only);
  if (args.except) query = query.where("id", "!=", args.except);
  const ended = Number((await query.executeTakeFirst()).numUpdatedRows);
  // The refresh tokens of ended sessions die with them.
  let tokens = db
    .updateTable("refresh_tokens")
    .set({ revoked_at: args.at })
    .where("user_id", "=", args.userId)
    .where("revoked_at", "is", null);
  if (args.only) tokens = tokens.where("session_id", "=", args.only);
  if (args.except) tokens = tokens.where("session_id", "!=", args.except);
  await tokens.execute();
  return ended;
}

const insertToken = fixedQuery(
  (
    k,
    token_hash: string,
    session_id: string,
    user_id: string,
    parent_id: number | null,
    created_at: string,
  ) =>
    k
      .insertInto("refresh_tokens")
      .values({ token_hash, session_id, user_id, parent_id, created_at, revoked_at: null })
      .returning("id"),
);
export async function insertRefreshToken(
  db: Db,
  t: Omit<RefreshTokenRow, "id" | "revoked_at">,
): Promise<number> {
  const row = await insertToken.first(db, t.token_hash, t.session_id, t.user_id, t.parent_id, t.created_at);
  return Number(row?.id);
}

const tokenByHash = fixedQuery((k, tokenHash: string) =>
  k.selectFrom("refresh_tokens").selectAll().where("token_hash", "=", tokenHash),
);
export async function findRefreshToken(db: Db, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  return tokenByHash.first(db, tokenHash);
}

export async function findChildToken(db: Db, parentId: number): Promise<RefreshTokenRow | undefined> {
  return db.selectFrom("refresh_tokens").selectAll().where("parent_id", "=", parentId).executeTakeFirst();
}

export async function findActiveToken(db: Db, sessionId: string): Promise<RefreshTokenRow | undefined> {
  return db
    .selectFrom("refresh_tokens")
    .selectAll()
    .where("session_id", "=", sessionId)
    .where("revoked_at", "is", null)
    .orderBy("id", "desc")
    .executeTakeFirst();
}

const revoke = fixedQuery((k, id: number, at: string) =>
  k
    .updateTable("refresh_tokens")
    .set({ revoked_at: at })
    .where("id", "=", id)
    .where("revoked_at", "is", null),
);
export async function revokeToken(db: Db, id: number, at: string): Promise<boolean> {
  return (await revoke.run(db, id, at)) === 1;
}

export async function revokeSessionTokens(db: Db, sessionId: string, at: string) {
  await db
    .updateTable("refresh_tokens")
    .set({ revoked_at: at })
    .where("session_id", "=", sessionId)
    .where("revoked_at", "is", null)
    .execute();
}
