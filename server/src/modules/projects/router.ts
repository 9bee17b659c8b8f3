import { contract } from "@app/contracts";
import { initServer } from "@ts-rest/express";
import type { Database } from "../../db/database";
import { recordedActorOf } from "../../http/authorize";
import { createProjectFromDeal } from "./project-from-deal";

const s = initServer();

export function projectsRouter(deps: { db: Database; now: () => number }) {
  return s.router(contract.projects, {
    projectFromDeal: async ({ body, res }) => {
      const at = new Date(deps.now()).toISOString();
      return {
        status: 200,
        body: await createProjectFromDeal(deps.db, body.deal_id, recordedActorOf(res), at),
      };
    },
  });
}
