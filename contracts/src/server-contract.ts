import { initContract } from "@ts-rest/core";
import { authContract } from "./auth.contract";
import { authAdminContract } from "./auth-admin.contract";
import { backOfficeRoutes } from "./back-office-contract";
import { configContract } from "./config.contract";
import { healthContract } from "./health.contract";
import { realtimeContract } from "./realtime.contract";
import { storageContract } from "./storage.contract";

const c = initContract();

/**
 * Every route the server answers: the back office's, auth (GoTrue's API, with its admin part that takes
 * the service_role key), storage, realtime's HTTP broadcast, health and the public config.
 */
export const contract = c.router(
  {
    health: healthContract,
    auth: authContract,
    authAdmin: authAdminContract,
    config: configContract,
    storage: storageContract,
    realtime: realtimeContract,
    ...backOfficeRoutes,
  },
  { strictStatusCodes: true },
);
export type Contract = typeof contract;
