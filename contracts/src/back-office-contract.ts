import { initContract } from "@ts-rest/core";
import { backupsContract } from "./backups.contract";
import { crmContract } from "./crm.contract";
import { formsContract } from "./forms.contract";
import { legalContract } from "./legal.contract";
import { personalDataContract } from "./personal-data.contract";
import { setupContract } from "./setup.contract";
import { studioContract } from "./studio.contract";
import { tables } from "./tables";
import { tableRoutes } from "./tables/table-routes";
import { teamContract } from "./team.contract";

const c = initContract();

/** The routes the web app calls through its typed client (auth and storage have clients of their own). */
export const backOfficeRoutes = {
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
  studio: studioContract,
  team: teamContract,
  backups: backupsContract,
};

export const backOfficeContract = c.router(backOfficeRoutes, { strictStatusCodes: true });
