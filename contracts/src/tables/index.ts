import { companySettingsTable } from "./company-settings.table";
import { crmActivityTable } from "./crm-activity.table";
import { crmBriefsTable, crmBriefTalentTable } from "./crm-briefs.table";
import { crmCompaniesTable } from "./crm-companies.table";
import { crmContactsTable } from "./crm-contacts.table";
import { crmDealsTable } from "./crm-deals.table";
import { cwrAckImportsTable, cwrExportsTable, workAcknowledgementsTable } from "./cwr.table";
import { deliverablesTable, deliverableVersionsTable } from "./deliverables.table";
import { eventsTable } from "./events.table";
import { invoiceLinesTable, invoicePaymentsTable, invoicesTable } from "./invoices.table";
import { legalClausesTable } from "./legal-clauses.table";
import { legalDocumentsTable } from "./legal-documents.table";
import { legalTemplatesTable } from "./legal-templates.table";
import { portfolioItemsTable } from "./portfolio-items.table";
import { projectMembersTable, projectMilestonesTable, projectsTable } from "./projects.table";
import {
  recordingPayeesTable,
  recordingsTable,
  royaltyPayeesTable,
  workSplitSheetsTable,
  worksTable,
  workWritersTable,
} from "./royalty-catalogue.table";
import {
  royaltyAdvancesTable,
  royaltyAliasesTable,
  royaltyImportsTable,
  royaltyLinesTable,
  royaltyPeriodsTable,
  royaltySourcesTable,
  royaltyStatementMailingsTable,
  royaltyStatementsTable,
} from "./royalty-ledger.table";
import { studioRoomsTable, studioSessionsTable, studioSessionTalentTable } from "./studio-sessions.table";

/**
 * Every table of the data API. A table listed here gets its routes, its place in the OpenAPI document,
 * the access matrix and the hostile-input suite; its policy is part of its declaration, so a table
 * cannot be listed without one.
 */
export const tables = {
  events: eventsTable,
  crm_contacts: crmContactsTable,
  crm_companies: crmCompaniesTable,
  crm_deals: crmDealsTable,
  crm_briefs: crmBriefsTable,
  crm_brief_talent: crmBriefTalentTable,
  crm_activity: crmActivityTable,
  portfolio_items: portfolioItemsTable,
  legal_clauses: legalClausesTable,
  legal_templates: legalTemplatesTable,
  legal_documents: legalDocumentsTable,
  studio_rooms: studioRoomsTable,
  studio_sessions: studioSessionsTable,
  studio_session_talent: studioSessionTalentTable,
  company_settings: companySettingsTable,
  projects: projectsTable,
  project_members: projectMembersTable,
  project_milestones: projectMilestonesTable,
  deliverables: deliverablesTable,
  deliverable_versions: deliverableVersionsTable,
  invoices: invoicesTable,
  invoice_lines: invoiceLinesTable,
  invoice_payments: invoicePaymentsTable,
  works: worksTable,
  work_writers: workWritersTable,
  work_split_sheets: workSplitSheetsTable,
  recordings: recordingsTable,
  royalty_payees: royaltyPayeesTable,
  recording_payees: recordingPayeesTable,
  royalty_sources: royaltySourcesTable,
  royalty_periods: royaltyPeriodsTable,
  royalty_imports: royaltyImportsTable,
  royalty_lines: royaltyLinesTable,
  royalty_aliases: royaltyAliasesTable,
  royalty_statements: royaltyStatementsTable,
  royalty_statement_mailings: royaltyStatementMailingsTable,
  royalty_advances: royaltyAdvancesTable,
  cwr_exports: cwrExportsTable,
  cwr_ack_imports: cwrAckImportsTable,
  work_acknowledgements: workAcknowledgementsTable,
} as const;

export type TableName = keyof typeof tables;

/** The areas of the product, as the tables declare them: an area exists once a table names it. */
export type TableArea = (typeof tables)[TableName]["area"];

/** The names of the tables declared in any of `areas`. */
export type TablesOfArea<A extends TableArea> = {
  [N in TableName]: (typeof tables)[N]["area"] extends A ? N : never;
}[TableName];

export * from "./company-settings.table";
export * from "./crm-activity.table";
export * from "./crm-briefs.table";
export * from "./crm-companies.table";
export * from "./crm-contacts.table";
export * from "./crm-deals.table";
export * from "./cwr.table";
export * from "./define-table";
export * from "./deliverables.table";
export * from "./events.table";
export * from "./invoices.table";
export * from "./legal-clauses.table";
export * from "./legal-documents.table";
export * from "./legal-templates.table";
export * from "./portfolio-items.table";
export * from "./projects.table";
export * from "./royalty-catalogue.table";
export * from "./royalty-ledger.table";
export * from "./sample-row";
export * from "./studio-sessions.table";
export * from "./table-routes";
