import { contract } from "@app/contracts";
import { initServer } from "@ts-rest/express";
import type { Database } from "../../db/database";
import { actorOf } from "../../http/authorize";
import { importCwrAck } from "./ack-import";
import { exportCwr } from "./cwr-export";
import { readUploadedFile } from "./uploaded-file";

/** A society's acknowledgement of even thousands of works is a few megabytes of text. */
const ACK_FILE_LIMIT = 20 * 1024 * 1024;

const s = initServer();

export function royaltiesRouter(deps: { db: Database; now: () => number }) {
  return s.router(contract.royalties, {
    cwrExport: async ({ body, res }) => {
      const file = await exportCwr(deps.db, body, actorOf(res), deps.now());
      res.setHeader("Content-Disposition", `attachment; filename="${file.name}"`);
      res.setHeader("Cache-Control", "no-store");
      return { status: 200, body: file.content };
    },
    cwrAck: async ({ req, res }) => {
      const file = await readUploadedFile(req, ACK_FILE_LIMIT);
      return { status: 200, body: await importCwrAck(deps.db, file, actorOf(res)) };
    },
  });
}
