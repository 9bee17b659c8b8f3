import { initContract } from "@ts-rest/core";
import { configContract } from "./config.contract";
import { formsContract } from "./forms.contract";
import { eventsTable } from "./tables/events.table";
import { tableRoutes } from "./tables/table-routes";

const c = initContract();

/**
 * The routes the public pages call (the events list, the forms, the public config), the same definitions
 * as in the full contract. A client built from this alone keeps every back-office schema out of the
 * public pages' bundle.
 */
export const publicContract = c.router(
  {
    config: configContract,
    tables: c.router({ events: tableRoutes(eventsTable) }),
    forms: formsContract,
  },
  { strictStatusCodes: true },
);
