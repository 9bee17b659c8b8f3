import { initContract } from "@ts-rest/core";
import { authContract } from "./auth.contract";
import { authAdminContract } from "./auth-admin.contract";
import { backupsContract } from "./backups.contract";
import { configContract } from "./config.contract";
import { crmContract } from "./crm.contract";
import { formsContract } from "./forms.contract";
import { healthContract } from "./health.contract";
import { legalContract } from "./legal.contract";
import { personalDataContract } from "./personal-data.contract";
import { setupContract } from "./setup.contract";
import { storageContract } from "./storage.contract";
import { studioContract } from "./studio.contract";
import { tables } from "./tables";
import { tableRoutes } from "./tables/table-routes";
import { teamContract } from "./team.contract";

const c = initContract();

export const contract = c.router(
  {
    health: healthContract,
    auth: authContract,
    authAdmin: authAdminContract,
    config: configContract,
    tables: c.router({
      events: tableRoutes(tables.events),
      crm_contacts: tableRoutes(tables.crm_contacts),
      crm_companies: tableRoutes(tables.crm_companies),
      crm_deals: tableRoutes(tables.crm_deals),
      crm_briefs: tableRoutes(tables.crm_briefs),
      crm_brief_talent: tableRoutes(tables.crm_brief_talent),
      crm_activity: tableRoutes(tables.crm_activity),
      portfolio_items: tableRoutes(tables.portfolio_items),
      legal_clauses: tableRoutes(tables.legal_clauses),
      legal_templates: tableRoutes(tables.legal_templates),
      legal_documents: tableRoutes(tables.legal_documents),
      studio_rooms: tableRoutes(tables.studio_rooms),
      studio_sessions: tableRoutes(tables.studio_sessions),
      studio_session_talent: tableRoutes(tables.studio_session_talent),
    }),
    forms: formsContract,
    crm: crmContract,
    legal: legalContract,
    personalData: personalDataContract,
    setup: setupContract,
    storage: storageContract,
    studio: studioContract,
    team: teamContract,
    backups: backupsContract,
  },
  { strictStatusCodes: true },
);
export type Contract = typeof contract;

export * from "./auth.contract";
export * from "./auth-admin.contract";
export * from "./backups.contract";
export * from "./common";
export * from "./config.contract";
export * from "./crm.contract";
export * from "./events.contract";
export * from "./forms.contract";
export * from "./health.contract";
export * from "./identifiers";
export * from "./legal.contract";
export * from "./personal-data.contract";
export * from "./public-contract";
export * from "./public-pages";
export * from "./setup.contract";
export * from "./storage.contract";
export * from "./studio.contract";
export * from "./tables";
export * from "./talent.contract";
export * from "./team.contract";
