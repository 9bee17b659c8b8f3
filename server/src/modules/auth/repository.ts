import { PostgresAdapter, type SelectQueryBuilder, sql } from "kysely";
import { type Db, fixedQuery } from "../../db/database";
import type {
  IdentityRow,
  MfaChallengeRow,
  MfaFactorRow,
  OneTimeTokenRow,
  OneTimeTokenType,
  RefreshTokenRow,
  SessionRow,
  UserRow,
} from "../../db/schema";

/**
 * Every SQL statement of the auth service. Plain async functions taking the executor first: the database,
 * or the transaction the caller is in (inside a transaction, only ever the transaction).
 */

// ---- locks -------------------------------------------------------------------------------------------

/**
 * PostgreSQL runs transactions at READ COMMITTED: one that reads a row, decides and writes must lock the
 * row first, so concurrent ones queue on it and then read what the one before them committed. SQLite
 * needs nothing (its writers queue already, BEGIN IMMEDIATE) and has no FOR UPDATE in its SQL.
 *
 * Locks are taken in one order, so two transactions never wait on each other: a user's row first (a new
 * account takes its address's lock instead, and holds nothing else), then what belongs to the user: an
 * address they move to, their sessions, a session's tokens.
 */
const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** FOR NO KEY UPDATE (what an UPDATE takes): rows that reference the locked one can still be inserted. */
function lockedOnPostgres<DB, TB extends keyof DB, O>(db: Db, query: SelectQueryBuilder<DB, TB, O>) {
  return isPostgres(db) ? query.forNoKeyUpdate() : query;
}

/** The first key of advisory locks on e-mail addresses (the second is the address's hash). */
const ADDRESS_LOCKS = 0x6d61696c;

/**
 * Locks an address until the transaction ends (PostgreSQL). Whoever gives an account an address (a
 * sign-up, an e-mail change) looks it up and writes it while holding this, so two never both find it free
 * and the loser never meets the unique index as an error.
 */
export async function lockAddress(db: Db, email: string) {
  if (isPostgres(db)) {
    await sql`select pg_advisory_xact_lock(${sql.lit(ADDRESS_LOCKS)}, hashtext(${email}))`.execute(db);
  }
}

/** The first key of the advisory lock that team role changes hold (see lockTeamRoles). */
const TEAM_ROLE_LOCK = 0x7465616d;

/**
 * Serialises administrator role changes on PostgreSQL (SQLite's writers queue already): two
 * administrators demoting each other at once must not both see the other still an administrator.
 * Taken before any user's row; nothing else takes it, so it cannot close a cycle of waits.
 */
export async function lockTeamRoles(db: Db) {
  if (isPostgres(db)) await sql`select pg_advisory_xact_lock(${sql.lit(TEAM_ROLE_LOCK)}, 0)`.execute(db);
}

// ---- users -------------------------------------------------------------------------------------------

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}

const userById = fixedQuery((k, id: string) => k.selectFrom("users").selectAll().where("id", "=", id));
export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return userById.first(db, id);
}

const lockedUser = fixedQuery((k, id: string) =>
  lockedOnPostgres(k, k.selectFrom("users").selectAll().where("id", "=", id)),
);
/** Reads a user and locks their row until the transaction ends: every change to the account queues. */
export async function lockUser(db: Db, id: string): Promise<UserRow | undefined> {
  return lockedUser.first(db, id);
}

export async function findUserByPendingEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("email_change", "=", email).executeTakeFirst();
}

export async function listUsers(db: Db): Promise<UserRow[]> {
  return db.selectFrom("users").selectAll().orderBy("created_at", "asc").execute();
}

/** One page of users, oldest first (ties by id, so pages never overlap), and how many there are. */
export async function listUsersPage(
  db: Db,
  args: { offset: number; limit: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const rows = await db
    .selectFrom("users")
    .selectAll()
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .offset(args.offset)
    .limit(args.limit)
    .execute();
  const count = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirst();
  return { rows, total: Number(count?.total ?? 0) };
}

/** Deletes an account; its identities, sessions, tokens and factors go with it (ON DELETE CASCADE). */
export async function deleteUser(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("users").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows === 1n;
}

export interface NewUser {
  id: string;
  email: string;
  encrypted_password: string | null;
  email_confirmed_at: string | null;
  raw_app_meta_data: string;
  raw_user_meta_data: string;
  created_at: string;
}

export async function insertUser(db: Db, user: NewUser) {
  await db
    .insertInto("users")
    .values({ ...user, updated_at: user.created_at })
    .execute();
}

export type UserChanges = Partial<
  Pick<
    UserRow,
    | "email"
    | "encrypted_password"
    | "email_confirmed_at"
    | "confirmation_sent_at"
    | "recovery_sent_at"
    | "email_change"
    | "email_change_sent_at"
    | "last_sign_in_at"
    | "banned_until"
    | "invited_at"
    | "invited_role"
    | "raw_app_meta_data"
    | "raw_user_meta_data"
  >
>;

export async function updateUser(db: Db, id: string, changes: UserChanges, at: string) {
  await db
    .updateTable("users")
    .set({ ...changes, updated_at: at })
    .where("id", "=", id)
    .execute();
}

// ---- identities --------------------------------------------------------------------------------------

export async function insertIdentity(
  db: Db,
  identity: Omit<IdentityRow, "updated_at" | "last_sign_in_at"> & { last_sign_in_at?: string | null },
) {
  await db
    .insertInto("identities")
    .values({ last_sign_in_at: null, ...identity, updated_at: identity.created_at })
    .execute();
}

const identitiesOf = fixedQuery((k, userId: string) =>
  k.selectFrom("identities").selectAll().where("user_id", "=", userId).orderBy("created_at"),
);
export async function listIdentities(db: Db, userId: string): Promise<IdentityRow[]> {
  return identitiesOf.all(db, userId);
}

export async function updateIdentityData(db: Db, userId: string, identityData: string, at: string) {
  await db
    .updateTable("identities")
    .set({ identity_data: identityData, updated_at: at })
    .where("user_id", "=", userId)
    .where("provider", "=", "email")
    .execute();
}

export async function touchIdentity(db: Db, userId: string, at: string) {
  await db
    .updateTable("identities")
    .set({ last_sign_in_at: at, updated_at: at })
    .where("user_id", "=", userId)
    .execute();
}

// ---- known sign-in addresses -------------------------------------------------------------------------

/** Whether a right password came for the account from `ip` after `since`. */
export async function isKnownSignInAddress(db: Db, args: { userId: string; ip: string; since: string }) {
  const row = await db
    .selectFrom("known_sign_in_addresses")
    .select("ip")
    .where("user_id", "=", args.userId)
    .where("ip", "=", args.ip)
    .where("signed_in_at", ">", args.since)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records a right password from `ip` (or renews its moment) and keeps only the account's `keep` newest
 * addresses; everyone's addresses older than `before` go too, so the table stays small.
 */
export async function rememberSignInAddress(
  db: Db,
  args: { userId: string; ip: string; at: string; keep: number; before: string },
) {
  await db
    .insertInto("known_sign_in_addresses")
    .values({ user_id: args.userId, ip: args.ip, signed_in_at: args.at })
    .onConflict((oc) => oc.columns(["user_id", "ip"]).doUpdateSet({ signed_in_at: args.at }))
    .execute();
  await db
    .deleteFrom("known_sign_in_addresses")
    .where("user_id", "=", args.userId)
    .where(
      "ip",
      "not in",
      db
        .selectFrom("known_sign_in_addresses")
        .select("ip")
        .where("user_id", "=", args.userId)
        .orderBy("signed_in_at", "desc")
        .orderBy("ip")
        .limit(args.keep),
    )
    .execute();
  await db.deleteFrom("known_sign_in_addresses").where("signed_in_at", "<=", args.before).execute();
}

// ---- sessions ----------------------------------------------------------------------------------------

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
    .select("aal")
    .where("id", "=", sessionId)
    .where("user_id", "=", userId)
    .where("ended_at", "is", null)
    .where("not_after", ">", now)
    .where("refreshed_at", ">", idleSince),
);
/**
 * The assurance level of a live session, undefined when it has ended or timed out. Runs on every
 * authenticated request: one indexed lookup through a query compiled once.
 */
export async function liveSessionAal(
  db: Db,
  args: { sessionId: string; userId: string; now: string; idleSince: string },
): Promise<"aal1" | "aal2" | undefined> {
  return (await liveSession.first(db, args.sessionId, args.userId, args.now, args.idleSince))?.aal;
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

// ---- refresh tokens ----------------------------------------------------------------------------------

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

export async function countSessionTokens(db: Db, sessionId: string): Promise<number> {
  const row = await db
    .selectFrom("refresh_tokens")
    .select((eb) => [eb.fn.countAll<number>().as("total")])
    .where("session_id", "=", sessionId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

// ---- one-time tokens ---------------------------------------------------------------------------------

/** One live token per user and type: issuing a new one replaces the old. Hold the user's lock. */
export async function replaceOneTimeToken(db: Db, token: Omit<OneTimeTokenRow, "used_at">) {
  await db
    .deleteFrom("one_time_tokens")
    .where("user_id", "=", token.user_id)
    .where("token_type", "=", token.token_type)
    .execute();
  await db
    .insertInto("one_time_tokens")
    .values({ ...token, used_at: null })
    .execute();
}

export async function findOneTimeTokenByHash(
  db: Db,
  tokenHash: string,
): Promise<OneTimeTokenRow | undefined> {
  return db.selectFrom("one_time_tokens").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
}

export async function findUserOneTimeToken(
  db: Db,
  userId: string,
  type: OneTimeTokenType,
): Promise<OneTimeTokenRow | undefined> {
  return db
    .selectFrom("one_time_tokens")
    .selectAll()
    .where("user_id", "=", userId)
    .where("token_type", "=", type)
    .executeTakeFirst();
}

export async function findOneTimeTokenByCode(
  db: Db,
  args: { codeHash: string; types: OneTimeTokenType[] },
): Promise<OneTimeTokenRow | undefined> {
  return db
    .selectFrom("one_time_tokens")
    .selectAll()
    .where("code_hash", "=", args.codeHash)
    .where("token_type", "in", args.types)
    .executeTakeFirst();
}

/**
 * Marks a token used; false when another request already used it. The condition is checked by the
 * UPDATE itself (on PostgreSQL after waiting for a concurrent one), so a token is used once on either
 * engine.
 */
export async function consumeOneTimeToken(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("one_time_tokens")
    .set({ used_at: at })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function deleteOneTimeTokens(db: Db, userId: string, type: OneTimeTokenType) {
  await db
    .deleteFrom("one_time_tokens")
    .where("user_id", "=", userId)
    .where("token_type", "=", type)
    .execute();
}

// ---- MFA ---------------------------------------------------------------------------------------------

const factorsOf = fixedQuery((k, userId: string) =>
  k.selectFrom("mfa_factors").selectAll().where("user_id", "=", userId).orderBy("created_at"),
);
export async function listFactors(db: Db, userId: string): Promise<MfaFactorRow[]> {
  return factorsOf.all(db, userId);
}

/** Every user's factors at once, for the team list. */
export async function listAllFactors(db: Db): Promise<MfaFactorRow[]> {
  return db.selectFrom("mfa_factors").selectAll().orderBy("created_at").execute();
}

export async function findFactor(db: Db, id: string, userId: string): Promise<MfaFactorRow | undefined> {
  return db
    .selectFrom("mfa_factors")
    .selectAll()
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export async function insertFactor(
  db: Db,
  factor: Omit<MfaFactorRow, "last_verified_step" | "failed_attempts" | "locked_until">,
) {
  await db
    .insertInto("mfa_factors")
    .values({ ...factor, last_verified_step: null, failed_attempts: 0, locked_until: null })
    .execute();
}

export async function listLegacySealedFactors(db: Db): Promise<Pick<MfaFactorRow, "id" | "secret">[]> {
  return db.selectFrom("mfa_factors").select(["id", "secret"]).where("secret", "not like", "v2.%").execute();
}

/** Swaps a factor's sealed secret, unless another process already changed it. */
export async function replaceFactorSecret(db: Db, id: string, from: string, to: string): Promise<boolean> {
  const result = await db
    .updateTable("mfa_factors")
    .set({ secret: to })
    .where("id", "=", id)
    .where("secret", "=", from)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Counts one verification attempt, atomically and only while the factor is not locked. Returns the
 * attempts since the last accepted code, or undefined when the factor is locked. One UPDATE: on
 * PostgreSQL a concurrent attempt waits for this one and then checks the lock it may have set.
 */
export async function countFactorAttempt(db: Db, id: string, now: string): Promise<number | undefined> {
  const row = await db
    .updateTable("mfa_factors")
    .set((eb) => ({ failed_attempts: eb("failed_attempts", "+", 1) }))
    .where("id", "=", id)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", now)]))
    .returning("failed_attempts")
    .executeTakeFirst();
  return row?.failed_attempts;
}

export async function lockFactor(db: Db, id: string, until: string) {
  await db.updateTable("mfa_factors").set({ locked_until: until }).where("id", "=", id).execute();
}

/** Accepts a code: newer than the last one accepted, or nothing changes (false). Clears the lock-out. */
export async function markFactorVerified(db: Db, id: string, step: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable("mfa_factors")
    .set({
      status: "verified",
      last_verified_step: step,
      failed_attempts: 0,
      locked_until: null,
      updated_at: at,
    })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("last_verified_step", "is", null), eb("last_verified_step", "<", step)]))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function deleteFactor(db: Db, id: string) {
  await db.deleteFrom("mfa_factors").where("id", "=", id).execute();
}

/** Drops a factor's challenges that can no longer be verified: used, or created before `openSince`. */
export async function deleteSpentChallenges(db: Db, factorId: string, openSince: string) {
  await db
    .deleteFrom("mfa_challenges")
    .where("factor_id", "=", factorId)
    .where((eb) => eb.or([eb("verified_at", "is not", null), eb("created_at", "<=", openSince)]))
    .execute();
}

export async function insertChallenge(db: Db, challenge: Omit<MfaChallengeRow, "verified_at">) {
  await db
    .insertInto("mfa_challenges")
    .values({ ...challenge, verified_at: null })
    .execute();
}

export async function findChallenge(
  db: Db,
  id: string,
  factorId: string,
): Promise<MfaChallengeRow | undefined> {
  return db
    .selectFrom("mfa_challenges")
    .selectAll()
    .where("id", "=", id)
    .where("factor_id", "=", factorId)
    .executeTakeFirst();
}

export async function consumeChallenge(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("mfa_challenges")
    .set({ verified_at: at })
    .where("id", "=", id)
    .where("verified_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
