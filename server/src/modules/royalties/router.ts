import { contract } from "@app/contracts";
import { initServer } from "@ts-rest/express";
import type { Response } from "express";
import type { Database } from "../../db/database";
import { actorOf } from "../../http/authorize";
import { importCwrAck } from "./ack-import";
import { exportCwr, readCwrExport } from "./cwr-export";
import { readUploadedFile } from "./uploaded-file";

/** A society's acknowledgement of even thousands of works is a few megabytes of text. */
const ACK_FILE_LIMIT = 20 * 1024 * 1024;

const s = initServer();

/** A CWR file as an attachment under its CISAC name, which societies expect it to keep. */
function sendCwrFile(res: Response, file: { name: string; content: string }) {
  res.setHeader("Content-Disposition", `attachment; filename="${file.name}"`);
  res.setHeader("Cache-Control", "no-store");
  return { status: 200 as const, body: file.content };
}

export function royaltiesRouter(deps: { db: Database; now: () => number }) {
  return s.router(contract.royalties, {
    cwrExport: async ({ body, res }) =>
      sendCwrFile(res, await exportCwr(deps.db, body, actorOf(res), deps.now())),
    cwrExportFile: async ({ params, res }) => sendCwrFile(res, await readCwrExport(deps.db, params.id)),
    cwrAck: async ({ req, res }) => {
      const file = await readUploadedFile(req, ACK_FILE_LIMIT);
      return { status: 200, body: await importCwrAck(deps.db, file, actorOf(res)) };
    },
  });
}
