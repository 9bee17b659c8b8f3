import { contract } from "@app/contracts";
import { initServer } from "@ts-rest/express";
import type { Database } from "../../db/database";
import { actorOf } from "../../http/authorize";
import { readDashboard } from "./read-dashboard";

const s = initServer();

export function dashboardRouter(deps: { db: Database; now: () => number }) {
  return s.router(contract.dashboard, {
    getDashboard: async ({ res }) => ({
      status: 200,
      body: await readDashboard(deps.db, actorOf(res), deps.now()),
    }),
  });
}
