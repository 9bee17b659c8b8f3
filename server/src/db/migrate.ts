import type { Kysely } from "kysely";
import { type Migration, type MigrationResultSet, Migrator } from "kysely/migration";
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
import * as addInvitedRoleAndKnownAddresses from "./migrations/m0018_add_invited_role_and_known_addresses";
import * as orderTextByCodePoint from "./migrations/m0019_order_text_by_code_point";
import * as createStudioCalendarFeeds from "./migrations/m0020_create_studio_calendar_feeds";
import * as createCompanySettings from "./migrations/m0021_create_company_settings";
import * as addEventPublication from "./migrations/m0022_add_event_publication";
import * as addPortfolioMedia from "./migrations/m0023_add_portfolio_media";
import * as addProjects from "./migrations/m0024_add_projects";
import * as addDeliverables from "./migrations/m0025_add_deliverables";
import * as addSieAccounts from "./migrations/m0026_add_sie_accounts";
import * as addInvoices from "./migrations/m0027_add_invoices";
import * as addInvoiceLineDeliverables from "./migrations/m0028_add_invoice_line_deliverables";
import * as addApprovalLinkExpiry from "./migrations/m0029_add_approval_link_expiry";
import * as addBucketAdministration from "./migrations/m0030_add_bucket_administration";
import * as addReminderSchedule from "./migrations/m0031_add_reminder_schedule";
import * as addDeliverableFee from "./migrations/m0032_add_deliverable_fee";
import * as addRoyaltyCatalogue from "./migrations/m0033_add_royalty_catalogue";
import * as addRoyaltyLedger from "./migrations/m0034_add_royalty_ledger";
import * as addMilestoneAssignee from "./migrations/m0035_add_milestone_assignee";
import * as addSelfBillingVat from "./migrations/m0036_add_self_billing_vat";
import * as addRoyaltyStatementMailings from "./migrations/m0037_add_royalty_statement_mailings";
import * as addPayeeAdvancesAndReserves from "./migrations/m0038_add_payee_advances_and_reserves";
import * as addWorkSplitSheets from "./migrations/m0039_add_work_split_sheets";
import * as addAuthSigningKeys from "./migrations/m0040_add_auth_signing_keys";
import * as recordServiceRoleWrites from "./migrations/m0041_record_service_role_writes";
import * as addTextSearchIndexes from "./migrations/m0042_add_text_search_indexes";
import * as addMoneyListIndexes from "./migrations/m0043_add_money_list_indexes";
import * as recordRowChanges from "./migrations/m0044_record_row_changes";
import * as addRealtimeRelay from "./migrations/m0045_add_realtime_relay";
import * as addCwrExportReads from "./migrations/m0046_add_cwr_export_reads";

/**
 * Every migration, in the order it runs, which is also its names' order: Kysely runs them sorted by name
 * and refuses a new one that sorts before one a database has run. The first seventeen shipped named by
 * date; every later one is `m<NNNN>_<verb_noun>`, NNNN its position here, and goes at the end
 * (`npm run db:new-migration -- <verb_noun>`). "m" sorts after every digit, so after every dated name.
 * Imported statically so the bundled server carries them.
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
  m0018_add_invited_role_and_known_addresses: addInvitedRoleAndKnownAddresses,
  m0019_order_text_by_code_point: orderTextByCodePoint,
  m0020_create_studio_calendar_feeds: createStudioCalendarFeeds,
  m0021_create_company_settings: createCompanySettings,
  m0022_add_event_publication: addEventPublication,
  m0023_add_portfolio_media: addPortfolioMedia,
  m0024_add_projects: addProjects,
  m0025_add_deliverables: addDeliverables,
  m0026_add_sie_accounts: addSieAccounts,
  m0027_add_invoices: addInvoices,
  m0028_add_invoice_line_deliverables: addInvoiceLineDeliverables,
  m0029_add_approval_link_expiry: addApprovalLinkExpiry,
  m0030_add_bucket_administration: addBucketAdministration,
  m0031_add_reminder_schedule: addReminderSchedule,
  m0032_add_deliverable_fee: addDeliverableFee,
  m0033_add_royalty_catalogue: addRoyaltyCatalogue,
  m0034_add_royalty_ledger: addRoyaltyLedger,
  m0035_add_milestone_assignee: addMilestoneAssignee,
  m0036_add_self_billing_vat: addSelfBillingVat,
  m0037_add_royalty_statement_mailings: addRoyaltyStatementMailings,
  m0038_add_payee_advances_and_reserves: addPayeeAdvancesAndReserves,
  m0039_add_work_split_sheets: addWorkSplitSheets,
  m0040_add_auth_signing_keys: addAuthSigningKeys,
  m0041_record_service_role_writes: recordServiceRoleWrites,
  m0042_add_text_search_indexes: addTextSearchIndexes,
  m0043_add_money_list_indexes: addMoneyListIndexes,
  m0044_record_row_changes: recordRowChanges,
  m0045_add_realtime_relay: addRealtimeRelay,
  m0046_add_cwr_export_reads: addCwrExportReads,
};

/** Kysely's migrator with its defaults; `list` stands in for the migrations only in tests. */
export const migratorFor = (db: Kysely<any>, list: Record<string, Migration> = migrations) =>
  new Migrator({ db, provider: { getMigrations: async () => list } });

export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const result = await migratorFor(db).migrateToLatest();
  if (result.error) throw result.error;
  return result;
}

/** Migration names in the order they run: the record's order, which is their names' order. */
export const migrationNames = () => Object.keys(migrations);

/** Brings a database up (or down) to the named migration: an older schema, as a past release left it. */
export async function migrateTo(db: Kysely<any>, name: string): Promise<MigrationResultSet> {
  if (!(name in migrations)) throw new Error(`no migration named ${name}`);
  const result = await migratorFor(db).migrateTo(name);
  if (result.error) throw result.error;
  return result;
}
