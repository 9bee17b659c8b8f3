import { contract } from "@app/contracts";
import { initServer } from "@ts-rest/express";
import type { Database } from "../../db/database";
import { withContentRange } from "../../rest/send-list";
import { listEvents } from "./service";

const s = initServer();

export function eventsRouter(db: Database) {
  return s.router(contract.events, {
    listEvents: async ({ query, res }) => {
      const rows = listEvents(db, query);
      return { status: 200, body: withContentRange(res, { rows, offset: query.offset ?? 0 }) };
    },
  });
}
