import { type SelectQueryBuilder, sql } from "kysely";
import type { Db } from "../../db/database";
import { isPostgres } from "../../db/engine-of";

/**
 * PostgreSQL runs transactions at READ COMMITTED: one that reads a row, decides and writes must lock the
 * row first, so concurrent ones queue on it and then read what the one before them committed. SQLite
 * needs nothing (its writers queue already, BEGIN IMMEDIATE) and has no FOR UPDATE in its SQL.
 *
 * Locks are taken in one order, so two transactions never wait on each other: a user's row first (a new
 * account takes its address's lock instead, and holds nothing else), then what belongs to the user: an
 * address they move to, their sessions, a session's tokens.
 */
/** FOR NO KEY UPDATE (what an UPDATE takes): rows that reference the locked one can still be inserted. */
export function lockedOnPostgres<DB, TB extends keyof DB, O>(db: Db, query: SelectQueryBuilder<DB, TB, O>) {
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
