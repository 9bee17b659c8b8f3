import { contract } from "@app/contracts";
import { initServer } from "@ts-rest/express";
import type { Database } from "../../db/database";
import { withContentRange } from "../../rest/send-list";
import { listTalent } from "./service";

const s = initServer();

export function talentRouter(db: Database) {
  return s.router(contract.talent, {
    listTalent: async ({ query, headers, res }) => ({
      status: 200,
      body: withContentRange(res, listTalent(db, query, headers.prefer)),
    }),
  });
}
