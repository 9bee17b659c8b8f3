import type { Kysely } from "kysely";
import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  MIGRATION_LOCK_ID,
  type Migration,
  type MigrationResult,
  type MigrationResultSet,
  Migrator,
} from "kysely/migration";
import * as createEventsAndCrmContacts from "./migrations/2026_11_22_100000_create_events_and_crm_contacts";
import * as createFormSubmissions from "./migrations/2026_11_22_110000_create_form_submissions";
import * as createAuthTables from "./migrations/2026_11_23_100000_create_auth_tables";
import * as addFactorLockout from "./migrations/2026_11_24_100000_add_factor_lockout";
import * as addTokenPasswordFingerprint from "./migrations/2026_11_24_120000_add_token_password_fingerprint";
import * as createNewsletterPending from "./migrations/2026_11_24_130000_create_newsletter_pending";
import * as createRateLimits from "./migrations/2026_11_25_100000_create_rate_limits";
import * as createCrmTables from "./migrations/2026_11_26_100000_create_crm_tables";
import * as createPortfolioItems from "./migrations/2026_11_27_100000_create_portfolio_items";
import * as createSetupTokens from "./migrations/2026_11_28_090000_create_setup_tokens";
import * as createStorage from "./migrations/2026_11_28_100000_create_storage";
import * as storeEventStatusWithoutPast from "./migrations/2026_11_28_120000_store_event_status_without_past";
import * as createLegalTables from "./migrations/2026_11_29_100000_create_legal_tables";
import * as createStudioSessions from "./migrations/2026_11_30_100000_create_studio_sessions";
import * as createFlowState from "./migrations/2026_12_01_140000_create_flow_state";
import * as addUserBansAndInvitations from "./migrations/2026_12_01_150000_add_user_bans_and_invitations";
import * as addListIndexes from "./migrations/2026_12_05_100000_add_list_indexes";
import * as orderTextByCodePoint from "./migrations/0018_order_text_by_code_point";

/**
 * Every migration, in the order it runs; a new one goes at the end (`npm run db:new-migration -- <name>`).
 * Imported statically so the bundled server carries them. The first seventeen are named by date, as they
 * shipped, and keep that order; every later one is named `<NNNN>_<verb_noun>`, NNNN its position here.
 */
export const migrations: Record<string, Migration> = {
  "2026_11_22_100000_create_events_and_crm_contacts": createEventsAndCrmContacts,
  "2026_11_22_110000_create_form_submissions": createFormSubmissions,
  "2026_11_23_100000_create_auth_tables": createAuthTables,
  "2026_11_24_100000_add_factor_lockout": addFactorLockout,
  "2026_11_24_120000_add_token_password_fingerprint": addTokenPasswordFingerprint,
  "2026_11_24_130000_create_newsletter_pending": createNewsletterPending,
  "2026_11_25_100000_create_rate_limits": createRateLimits,
  "2026_11_26_100000_create_crm_tables": createCrmTables,
  "2026_11_27_100000_create_portfolio_items": createPortfolioItems,
  "2026_11_28_090000_create_setup_tokens": createSetupTokens,
  "2026_11_28_100000_create_storage": createStorage,
  "2026_11_28_120000_store_event_status_without_past": storeEventStatusWithoutPast,
  "2026_11_29_100000_create_legal_tables": createLegalTables,
  "2026_11_30_100000_create_studio_sessions": createStudioSessions,
  "2026_12_01_140000_create_flow_state": createFlowState,
  "2026_12_01_150000_add_user_bans_and_invitations": addUserBansAndInvitations,
  "2026_12_05_100000_add_list_indexes": addListIndexes,
  "0018_order_text_by_code_point": orderTextByCodePoint,
};

/** Migrations by name, in the order they run. */
export type MigrationList = Record<string, Migration>;

/**
 * Kysely sorts migrations by name (and only breaks ties between executed ones with `nameComparator`),
 * and "0018_…" sorts before the dated names that ran first. So a list is migrated in runs, stretches of
 * it whose alphabetical order is their order in the list (the dated names, then the numbered ones), each
 * by a migrator that sees the list only up to the run's end. Kysely's own order check compares with the
 * alphabetical order too, so it is off, and `executedPrefix` checks the list's order instead.
 */
function runEnds(names: readonly string[]): number[] {
  const ends: number[] = [];
  for (let i = 1; i < names.length; i++) if ((names[i] as string) < (names[i - 1] as string)) ends.push(i);
  ends.push(names.length);
  return ends;
}

function migratorFor(db: Kysely<any>, list: MigrationList, count = Object.keys(list).length) {
  const names = Object.keys(list);
  const position = new Map(names.map((name, i) => [name, i]));
  const rank = (name: string) => position.get(name) ?? names.length;
  const shown = Object.fromEntries(names.slice(0, count).map((name) => [name, list[name] as Migration]));
  return new Migrator({
    db,
    provider: { getMigrations: async () => shown },
    allowUnorderedMigrations: true,
    // Orders migrations recorded in the same millisecond, so a step down undoes the later one first.
    nameComparator: (a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0),
  });
}

/**
 * How many migrations of the list the database has run. They must be the first ones: a database that
 * has run a migration has run every one listed before it, so a new migration can only go at the end.
 */
async function executedPrefix(db: Kysely<any>, list: MigrationList): Promise<number> {
  const infos = await migratorFor(db, list).getMigrations();
  const executed = new Set(infos.filter((m) => m.executedAt).map((m) => m.name));
  const names = Object.keys(list);
  const count = names.findIndex((name) => !executed.has(name));
  if (count === -1) return names.length;
  const later = names.slice(count).find((name) => executed.has(name));
  if (later) {
    throw new Error(
      `corrupted migrations: ${later} has run but ${names[count]}, listed before it, has not. ` +
        "A new migration goes at the end of the list in server/src/db/migrate.ts.",
    );
  }
  return count;
}

/**
 * Runs fn while holding the migration lock, as Kysely's migrator does: on PostgreSQL an advisory lock
 * around one transaction, so every run of a migration is all or nothing and a second node waits for the
 * first one's commit; SQLite has one connection and runs DDL outside a transaction, as Kysely does there.
 */
function withMigrationLock<T>(db: Kysely<any>, fn: (db: Kysely<any>) => Promise<T>): Promise<T> {
  const adapter = db.getExecutor().adapter;
  if (!adapter.supportsTransactionalDdl) return fn(db);
  const lock = { lockTable: DEFAULT_MIGRATION_LOCK_TABLE, lockRowId: MIGRATION_LOCK_ID };
  return db.connection().execute(async (connection) => {
    await adapter.acquireMigrationLock(connection, lock);
    try {
      return await connection.transaction().execute(fn);
    } finally {
      await adapter.releaseMigrationLock(connection, lock);
    }
  });
}

/** Runs the pending migrations of the list's first `count` migrations, run by run. */
async function migrateUp(db: Kysely<any>, list: MigrationList, count: number): Promise<MigrationResultSet> {
  const done = await executedPrefix(db, list);
  const results: MigrationResult[] = [];
  for (const end of runEnds(Object.keys(list).slice(0, count))) {
    if (end <= done) continue;
    const run = await migratorFor(db, list, end).migrateToLatest();
    results.push(...(run.results ?? []));
    if (run.error) throw run.error;
  }
  return { results };
}

export function migrateToLatest(db: Kysely<any>, list = migrations): Promise<MigrationResultSet> {
  return withMigrationLock(db, (db) => migrateUp(db, list, Object.keys(list).length));
}

/** Migration names in the order they run. */
export const migrationNames = (list = migrations) => Object.keys(list);

/** The newest of the migrations a database has run: the one latest in the list. */
export function latestOf(executed: readonly string[], list = migrations): string | null {
  const names = Object.keys(list);
  // A name this release does not know comes from a newer one: the newest is then one of those.
  const unknown = executed.filter((name) => !(name in list)).sort();
  if (unknown.length > 0) return unknown[unknown.length - 1] as string;
  return [...executed].sort((a, b) => names.indexOf(a) - names.indexOf(b)).pop() ?? null;
}

/** Brings a database up (or down) to the named migration: an older schema, as a past release left it. */
export function migrateTo(db: Kysely<any>, name: string, list = migrations): Promise<MigrationResultSet> {
  const count = Object.keys(list).indexOf(name) + 1;
  if (count === 0) throw new Error(`no migration named ${name}`);
  return withMigrationLock(db, async (db) => {
    if ((await executedPrefix(db, list)) <= count) return migrateUp(db, list, count);
    const result = await migratorFor(db, list).migrateTo(name);
    if (result.error) throw result.error;
    return result;
  });
}
