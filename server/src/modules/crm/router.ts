import { contract } from "@app/contracts";
import { initServer } from "@ts-rest/express";
import type { Database } from "../../db/database";
import { recordedActorOf } from "../../http/authorize";
import { addCrmNote } from "./add-note";

const s = initServer();

export function crmRouter(deps: { db: Database; now: () => number }) {
  return s.router(contract.crm, {
    addCrmNote: async ({ body, res }) => {
      const at = new Date(deps.now()).toISOString();
      return { status: 200, body: await addCrmNote(deps.db, body, recordedActorOf(res), at) };
    },
  });
}
