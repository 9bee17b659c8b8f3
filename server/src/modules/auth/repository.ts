import { type Database, fixedQuery } from "../../db/database";
import type {
  AuditLogRow,
  IdentityRow,
  MailOutboxRow,
  MailOutboxTable,
  MfaChallengeRow,
  MfaFactorRow,
  OneTimeTokenRow,
  OneTimeTokenType,
  RefreshTokenRow,
  SessionRow,
  UserRow,
} from "../../db/schema";

/** Every SQL statement of the auth service. Plain functions taking the database first. */

// ---- users -------------------------------------------------------------------------------------------

export function findUserByEmail(db: Database, email: string): UserRow | undefined {
  return db.first(db.kysely.selectFrom("users").selectAll().where("email", "=", email));
}

const userById = fixedQuery((k, id: string) => k.selectFrom("users").selectAll().where("id", "=", id));
export function findUserById(db: Database, id: string): UserRow | undefined {
  return userById.first(db, id);
}

export function findUserByPendingEmail(db: Database, email: string): UserRow | undefined {
  return db.first(db.kysely.selectFrom("users").selectAll().where("email_change", "=", email));
}

export function listUsers(db: Database): UserRow[] {
  return db.all(db.kysely.selectFrom("users").selectAll().orderBy("created_at", "asc"));
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

export function insertUser(db: Database, user: NewUser) {
  db.run(db.kysely.insertInto("users").values({ ...user, updated_at: user.created_at }));
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
    | "raw_app_meta_data"
    | "raw_user_meta_data"
  >
>;

export function updateUser(db: Database, id: string, changes: UserChanges, at: string) {
  db.run(
    db.kysely
      .updateTable("users")
      .set({ ...changes, updated_at: at })
      .where("id", "=", id),
  );
}

// ---- identities --------------------------------------------------------------------------------------

export function insertIdentity(
  db: Database,
  identity: Omit<IdentityRow, "updated_at" | "last_sign_in_at"> & { last_sign_in_at?: string | null },
) {
  db.run(
    db.kysely
      .insertInto("identities")
      .values({ last_sign_in_at: null, ...identity, updated_at: identity.created_at }),
  );
}

const identitiesOf = fixedQuery((k, userId: string) =>
  k.selectFrom("identities").selectAll().where("user_id", "=", userId).orderBy("created_at"),
);
export function listIdentities(db: Database, userId: string): IdentityRow[] {
  return identitiesOf.all(db, userId);
}

export function updateIdentityData(db: Database, userId: string, identityData: string, at: string) {
  db.run(
    db.kysely
      .updateTable("identities")
      .set({ identity_data: identityData, updated_at: at })
      .where("user_id", "=", userId)
      .where("provider", "=", "email"),
  );
}

export function touchIdentity(db: Database, userId: string, at: string) {
  db.run(
    db.kysely
      .updateTable("identities")
      .set({ last_sign_in_at: at, updated_at: at })
      .where("user_id", "=", userId),
  );
}

// ---- sessions ----------------------------------------------------------------------------------------

export function insertSession(db: Database, session: Omit<SessionRow, "ended_at" | "ended_reason">) {
  db.run(db.kysely.insertInto("sessions").values({ ...session, ended_at: null, ended_reason: null }));
}

const sessionById = fixedQuery((k, id: string) => k.selectFrom("sessions").selectAll().where("id", "=", id));
export function findSession(db: Database, id: string): SessionRow | undefined {
  return sessionById.first(db, id);
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
 * authenticated request: one indexed lookup through a prepared statement built once.
 */
export function liveSessionAal(
  db: Database,
  args: { sessionId: string; userId: string; now: string; idleSince: string },
): "aal1" | "aal2" | undefined {
  return liveSession.first(db, args.sessionId, args.userId, args.now, args.idleSince)?.aal;
}

const touch = fixedQuery((k, id: string, at: string) =>
  k.updateTable("sessions").set({ refreshed_at: at }).where("id", "=", id),
);
export function touchSession(db: Database, id: string, at: string) {
  touch.run(db, id, at);
}

export function setSessionAal(
  db: Database,
  id: string,
  changes: { aal: "aal1" | "aal2"; factor_id: string | null; amr: string },
) {
  db.run(db.kysely.updateTable("sessions").set(changes).where("id", "=", id));
}

export function downgradeSessionsOfFactor(db: Database, factorId: string) {
  db.run(
    db.kysely.updateTable("sessions").set({ aal: "aal1", factor_id: null }).where("factor_id", "=", factorId),
  );
}

/** Ends sessions of a user: all of them, or all but one (`except`), or just one (`only`). */
export function endSessions(
  db: Database,
  args: { userId: string; at: string; reason: string; only?: string; except?: string },
) {
  let query = db.kysely
    .updateTable("sessions")
    .set({ ended_at: args.at, ended_reason: args.reason })
    .where("user_id", "=", args.userId)
    .where("ended_at", "is", null);
  if (args.only) query = query.where("id", "=", args.only);
  if (args.except) query = query.where("id", "!=", args.except);
  const ended = db.run(query).changes;
  // The refresh tokens of ended sessions die with them.
  let tokens = db.kysely
    .updateTable("refresh_tokens")
    .set({ revoked_at: args.at })
    .where("user_id", "=", args.userId)
    .where("revoked_at", "is", null);
  if (args.only) tokens = tokens.where("session_id", "=", args.only);
  if (args.except) tokens = tokens.where("session_id", "!=", args.except);
  db.run(tokens);
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
      .values({ token_hash, session_id, user_id, parent_id, created_at, revoked_at: null }),
);
export function insertRefreshToken(db: Database, t: Omit<RefreshTokenRow, "id" | "revoked_at">): number {
  return Number(
    insertToken.run(db, t.token_hash, t.session_id, t.user_id, t.parent_id, t.created_at).lastInsertRowid,
  );
}

const tokenByHash = fixedQuery((k, tokenHash: string) =>
  k.selectFrom("refresh_tokens").selectAll().where("token_hash", "=", tokenHash),
);
export function findRefreshToken(db: Database, tokenHash: string): RefreshTokenRow | undefined {
  return tokenByHash.first(db, tokenHash);
}

export function findChildToken(db: Database, parentId: number): RefreshTokenRow | undefined {
  return db.first(db.kysely.selectFrom("refresh_tokens").selectAll().where("parent_id", "=", parentId));
}

export function findActiveToken(db: Database, sessionId: string): RefreshTokenRow | undefined {
  return db.first(
    db.kysely
      .selectFrom("refresh_tokens")
      .selectAll()
      .where("session_id", "=", sessionId)
      .where("revoked_at", "is", null)
      .orderBy("id", "desc"),
  );
}

const revoke = fixedQuery((k, id: number, at: string) =>
  k
    .updateTable("refresh_tokens")
    .set({ revoked_at: at })
    .where("id", "=", id)
    .where("revoked_at", "is", null),
);
export function revokeToken(db: Database, id: number, at: string): boolean {
  return revoke.run(db, id, at).changes === 1;
}

export function revokeSessionTokens(db: Database, sessionId: string, at: string) {
  db.run(
    db.kysely
      .updateTable("refresh_tokens")
      .set({ revoked_at: at })
      .where("session_id", "=", sessionId)
      .where("revoked_at", "is", null),
  );
}

export function countSessionTokens(db: Database, sessionId: string) {
  const row = db.first(
    db.kysely
      .selectFrom("refresh_tokens")
      .select((eb) => [eb.fn.countAll<number>().as("total")])
      .where("session_id", "=", sessionId),
  );
  return row?.total ?? 0;
}

// ---- one-time tokens ---------------------------------------------------------------------------------

/** One live token per user and type: issuing a new one replaces the old. */
export function replaceOneTimeToken(db: Database, token: Omit<OneTimeTokenRow, "used_at">) {
  db.run(
    db.kysely
      .deleteFrom("one_time_tokens")
      .where("user_id", "=", token.user_id)
      .where("token_type", "=", token.token_type),
  );
  db.run(db.kysely.insertInto("one_time_tokens").values({ ...token, used_at: null }));
}

export function findOneTimeTokenByHash(db: Database, tokenHash: string): OneTimeTokenRow | undefined {
  return db.first(db.kysely.selectFrom("one_time_tokens").selectAll().where("token_hash", "=", tokenHash));
}

export function findUserOneTimeToken(
  db: Database,
  userId: string,
  type: OneTimeTokenType,
): OneTimeTokenRow | undefined {
  return db.first(
    db.kysely
      .selectFrom("one_time_tokens")
      .selectAll()
      .where("user_id", "=", userId)
      .where("token_type", "=", type),
  );
}

export function findOneTimeTokenByCode(
  db: Database,
  args: { codeHash: string; types: OneTimeTokenType[] },
): OneTimeTokenRow | undefined {
  return db.first(
    db.kysely
      .selectFrom("one_time_tokens")
      .selectAll()
      .where("code_hash", "=", args.codeHash)
      .where("token_type", "in", args.types),
  );
}

/** Marks a token used; false when another request already used it (single use under concurrency). */
export function consumeOneTimeToken(db: Database, id: string, at: string): boolean {
  return (
    db.run(
      db.kysely
        .updateTable("one_time_tokens")
        .set({ used_at: at })
        .where("id", "=", id)
        .where("used_at", "is", null),
    ).changes === 1
  );
}

export function deleteOneTimeTokens(db: Database, userId: string, type: OneTimeTokenType) {
  db.run(
    db.kysely.deleteFrom("one_time_tokens").where("user_id", "=", userId).where("token_type", "=", type),
  );
}

// ---- MFA ---------------------------------------------------------------------------------------------

const factorsOf = fixedQuery((k, userId: string) =>
  k.selectFrom("mfa_factors").selectAll().where("user_id", "=", userId).orderBy("created_at"),
);
export function listFactors(db: Database, userId: string): MfaFactorRow[] {
  return factorsOf.all(db, userId);
}

export function findFactor(db: Database, id: string, userId: string): MfaFactorRow | undefined {
  return db.first(
    db.kysely.selectFrom("mfa_factors").selectAll().where("id", "=", id).where("user_id", "=", userId),
  );
}

export function insertFactor(
  db: Database,
  factor: Omit<MfaFactorRow, "last_verified_step" | "failed_attempts" | "locked_until">,
) {
  db.run(
    db.kysely
      .insertInto("mfa_factors")
      .values({ ...factor, last_verified_step: null, failed_attempts: 0, locked_until: null }),
  );
}

export function listLegacySealedFactors(db: Database): Pick<MfaFactorRow, "id" | "secret">[] {
  return db.all(
    db.kysely.selectFrom("mfa_factors").select(["id", "secret"]).where("secret", "not like", "v2.%"),
  );
}

/** Swaps a factor's sealed secret, unless another process already changed it. */
export function replaceFactorSecret(db: Database, id: string, from: string, to: string): boolean {
  return (
    db.run(
      db.kysely
        .updateTable("mfa_factors")
        .set({ secret: to })
        .where("id", "=", id)
        .where("secret", "=", from),
    ).changes === 1
  );
}

/**
 * Counts one verification attempt, atomically and only while the factor is not locked. Returns the
 * attempts since the last accepted code, or undefined when the factor is locked.
 */
export function countFactorAttempt(db: Database, id: string, now: string): number | undefined {
  return db.first(
    db.kysely
      .updateTable("mfa_factors")
      .set((eb) => ({ failed_attempts: eb("failed_attempts", "+", 1) }))
      .where("id", "=", id)
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", now)]))
      .returning("failed_attempts"),
  )?.failed_attempts;
}

export function lockFactor(db: Database, id: string, until: string) {
  db.run(db.kysely.updateTable("mfa_factors").set({ locked_until: until }).where("id", "=", id));
}

/** Accepts a code: newer than the last one accepted, or nothing changes (false). Clears the lock-out. */
export function markFactorVerified(db: Database, id: string, step: number, at: string) {
  return (
    db.run(
      db.kysely
        .updateTable("mfa_factors")
        .set({
          status: "verified",
          last_verified_step: step,
          failed_attempts: 0,
          locked_until: null,
          updated_at: at,
        })
        .where("id", "=", id)
        .where((eb) => eb.or([eb("last_verified_step", "is", null), eb("last_verified_step", "<", step)])),
    ).changes === 1
  );
}

export function deleteFactor(db: Database, id: string) {
  db.run(db.kysely.deleteFrom("mfa_factors").where("id", "=", id));
}

/** Drops a factor's challenges that can no longer be verified: used, or created before `openSince`. */
export function deleteSpentChallenges(db: Database, factorId: string, openSince: string) {
  db.run(
    db.kysely
      .deleteFrom("mfa_challenges")
      .where("factor_id", "=", factorId)
      .where((eb) => eb.or([eb("verified_at", "is not", null), eb("created_at", "<=", openSince)])),
  );
}

export function insertChallenge(db: Database, challenge: Omit<MfaChallengeRow, "verified_at">) {
  db.run(db.kysely.insertInto("mfa_challenges").values({ ...challenge, verified_at: null }));
}

export function findChallenge(db: Database, id: string, factorId: string): MfaChallengeRow | undefined {
  return db.first(
    db.kysely.selectFrom("mfa_challenges").selectAll().where("id", "=", id).where("factor_id", "=", factorId),
  );
}

export function consumeChallenge(db: Database, id: string, at: string): boolean {
  return (
    db.run(
      db.kysely
        .updateTable("mfa_challenges")
        .set({ verified_at: at })
        .where("id", "=", id)
        .where("verified_at", "is", null),
    ).changes === 1
  );
}

// ---- mail --------------------------------------------------------------------------------------------

export function insertMail(db: Database, mail: MailOutboxTable) {
  db.run(db.kysely.insertInto("mail_outbox").values(mail));
}

export function markMailSent(
  db: Database,
  id: string,
  result: { sent_at: string | null; error: string | null },
) {
  db.run(db.kysely.updateTable("mail_outbox").set(result).where("id", "=", id));
}

export function listMail(db: Database, args: { to?: string; limit: number }): MailOutboxRow[] {
  let query = db.kysely
    .selectFrom("mail_outbox")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("rowid" as "id", "desc")
    .limit(args.limit);
  if (args.to) query = query.where("to_address", "=", args.to);
  return db.all(query);
}

// ---- audit -------------------------------------------------------------------------------------------

export function insertAudit(db: Database, entry: Omit<AuditLogRow, "id">) {
  db.run(db.kysely.insertInto("audit_log").values(entry));
}

export function tailAudit(db: Database, limit: number): AuditLogRow[] {
  return db.all(db.kysely.selectFrom("audit_log").selectAll().orderBy("id", "desc").limit(limit));
}
