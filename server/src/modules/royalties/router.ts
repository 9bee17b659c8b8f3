import { contract } from "@app/contracts";
import { initServer } from "@ts-rest/express";
import type { Database } from "../../db/database";
import { actorOf } from "../../http/authorize";
import { exportCwr } from "./cwr-export";

const s = initServer();

export function royaltiesRouter(deps: { db: Database; now: () => number }) {
  return s.router(contract.royalties, {
    cwrExport: async ({ body, res }) => {
      const file = await exportCwr(deps.db, body, actorOf(res), deps.now());
      res.setHeader("Content-Disposition", `attachment; filename="${file.name}"`);
      res.setHeader("Cache-Control", "no-store");
      return { status: 200, body: file.content };
    },
  });
}
