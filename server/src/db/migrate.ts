import type { Kysely } from "kysely";
import { type Migration, type MigrationResultSet, Migrator } from "kysely/migration";
import * as addInvitedRoleAndKnownAddresses from "./migrations/0019_add_invited_role_and_known_addresses";
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

/** Every migration, in order. Imported statically so the bundled server carries them. */
const migrations: Record<string, Migration> = {
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
  "0019_add_invited_role_and_known_addresses": addInvitedRoleAndKnownAddresses,
};

/**
 * Kysely runs migrations in the alphabetical order of their names, and a numbered name ("0019_…") sorts
 * before the dated ones listed before it. So pending dated ones run first, by a migrator that sees only
 * them, then the rest; Kysely's own order check is alphabetical too, so it is off.
 */
const ORDER = Object.keys(migrations);
const isDated = (name: string) => /^\d{4}_\d{2}_\d{2}_\d{6}_/.test(name);
const DATED = ORDER.filter(isDated);

const migratorFor = (db: Kysely<any>, names: string[]) =>
  new Migrator({
    db,
    provider: {
      getMigrations: async () => Object.fromEntries(names.map((n) => [n, migrations[n] as Migration])),
    },
    allowUnorderedMigrations: true,
  });

export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const results: NonNullable<MigrationResultSet["results"]> = [];
  const known = await migratorFor(db, ORDER).getMigrations();
  const datedPending = known.some((m) => isDated(m.name) && !m.executedAt);
  for (const stage of datedPending ? [DATED, ORDER] : [ORDER]) {
    const result = await migratorFor(db, stage).migrateToLatest();
    results.push(...(result.results ?? []));
    if (result.error) throw result.error;
  }
  return { results };
}

/** Migration names in the order they run. */
export const migrationNames = () => [...ORDER];

/** Brings a database up (or down) to the named migration: an older schema, as a past release left it. */
export async function migrateTo(db: Kysely<any>, name: string): Promise<MigrationResultSet> {
  if (!(name in migrations)) throw new Error(`no migration named ${name}`);
  const result = await migratorFor(db, isDated(name) ? DATED : ORDER).migrateTo(name);
  if (result.error) throw result.error;
  return result;
}
