import { initContract } from "@ts-rest/core";
import { backupsContract } from "./backups.contract";
import { crmContract } from "./crm.contract";
import { dashboardContract } from "./dashboard.contract";
import { deliverablesContract } from "./deliverables.contract";
import { formsContract } from "./forms.contract";
import { legalContract } from "./legal.contract";
import { moneyContract } from "./money.contract";
import { personalDataContract } from "./personal-data.contract";
import { projectsContract } from "./projects.contract";
import { royaltiesContract } from "./royalties.contract";
import { royaltyLedgerContract } from "./royalty-ledger.contract";
import { setupContract } from "./setup.contract";
import { studioContract } from "./studio.contract";
import { type TableName, tables } from "./tables";
import { tableRoutes } from "./tables/table-routes";
import { teamContract } from "./team.contract";

const c = initContract();

/** Every declared table's four verbs, under its own name: a table added to the registry is routed here too. */
const tableRouters = Object.fromEntries(
  Object.entries(tables).map(([name, table]) => [name, tableRoutes(table)]),
) as { [N in TableName]: ReturnType<typeof tableRoutes<(typeof tables)[N]>> };

/** The routes the web app calls through its typed client (auth and storage have clients of their own). */
export const backOfficeRoutes = {
  tables: c.router(tableRouters),
  forms: formsContract,
  crm: crmContract,
  dashboard: dashboardContract,
  legal: legalContract,
  deliverables: deliverablesContract,
  money: moneyContract,
  royaltyLedger: royaltyLedgerContract,
  personalData: personalDataContract,
  setup: setupContract,
  studio: studioContract,
  projects: projectsContract,
  royalties: royaltiesContract,
  team: teamContract,
  backups: backupsContract,
};

export const backOfficeContract = c.router(backOfficeRoutes, { strictStatusCodes: true });
