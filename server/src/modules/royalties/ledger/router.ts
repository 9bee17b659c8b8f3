import { contract } from "@app/contracts";
import { initServer } from "@ts-rest/express";
import type { NextFunction, Request, Response } from "express";
import { AppError } from "../../../http/app-error";
import { actorOf, type createAuthorizer } from "../../../http/authorize";
import { stageUpload } from "../../storage/staging";
import { readUploadedFile } from "../uploaded-file";
import type { RoyaltyCatalogue } from "./catalogue";
import { closeRoyaltyPeriod, previewRoyaltyPeriod } from "./close-royalty-period";
import { importStatement } from "./import-statement";
import { mailStatement, type StatementMailDeps } from "./mail-statement";
import { matchRoyaltyLine } from "./match-royalty-line";
import { renderStatementPdf } from "./render-statement-pdf";
import { readStatementHeader } from "./statement-header";
import { statementFileName, statementViewOf } from "./statement-view";
import { writeStatementCsv } from "./write-statement-csv";

const s = initServer();

/** The largest statement file taken: a 200,000-line export is some 40 MB. */
const MAX_STATEMENT_BYTES = 256 * 1024 * 1024;
/**
 * A sample file is read whole in memory for its header: a text file's first rows are enough, a workbook
 * needs its archive, and a month's export is far below this.
 */
const MAX_SAMPLE_BYTES = 32 * 1024 * 1024;

export interface RoyaltyLedgerDeps extends StatementMailDeps {
  catalogue: RoyaltyCatalogue;
  /** Where uploads are staged (their `tmp` directory) before they are read. */
  storageDir: string;
}

const attach = (res: Response, fileName: string) => {
  res.setHeader("Content-Disposition", `attachment; filename="${fileName}"`);
  res.setHeader("Cache-Control", "no-store");
};

/** The ledger's RPCs, each one transaction in its module, and a statement's files. */
export function royaltyLedgerRouter(deps: RoyaltyLedgerDeps) {
  const at = () => new Date(deps.now()).toISOString();
  return s.router(contract.royaltyLedger, {
    importRoyaltyStatement: async () => {
      throw new Error("served by royaltyImportHandler");
    },
    readStatementHeader: async ({ req }) => {
      const file = await readUploadedFile(req, MAX_SAMPLE_BYTES);
      return { status: 200, body: await readStatementHeader(file.bytes) };
    },
    matchRoyaltyLine: async ({ body, res }) => ({
      status: 200,
      body: await matchRoyaltyLine(deps.db, deps.catalogue, body, actorOf(res), at()),
    }),
    previewRoyaltyPeriod: async ({ body }) => ({
      status: 200,
      body: await previewRoyaltyPeriod(deps.db, deps.catalogue, body.period_id, at()),
    }),
    closeRoyaltyPeriod: async ({ body }) => ({
      status: 200,
      body: await closeRoyaltyPeriod(deps.db, deps.catalogue, body.period_id, at()),
    }),
    royaltyStatementPdf: async ({ params, res }) => {
      const view = await statementViewOf(deps.db, params.id);
      attach(res, statementFileName(view, "pdf"));
      return { status: 200, body: await renderStatementPdf(view) };
    },
    royaltyStatementCsv: async ({ params, res }) => {
      const view = await statementViewOf(deps.db, params.id);
      attach(res, statementFileName(view, "csv"));
      res.setHeader("Content-Type", "text/csv; charset=utf-8");
      return { status: 200, body: await writeStatementCsv(view) };
    },
    mailRoyaltyStatement: async ({ params, res }) => ({
      status: 200,
      body: await mailStatement(deps, params.id, actorOf(res)),
    }),
  });
}

/**
 * POST /api/royalties/imports, streamed by hand: staff only, checked before a byte is read; the file is
 * staged to disk (never held in memory), imported, and the staged copy removed whatever happens.
 */
export const royaltyImportHandler =
  (deps: RoyaltyLedgerDeps, authorizer: ReturnType<typeof createAuthorizer>) =>
  (req: Request, res: Response, next: NextFunction) => {
    (async () => {
      const principal = await authorizer.authorize("staff", req);
      if (!req.is("multipart/form-data"))
        throw new AppError(
          "unsupported_media_type",
          "Send the statement as multipart/form-data with the fields file and source_id",
        );
      const staged = await stageUpload(req, deps.storageDir, MAX_STATEMENT_BYTES);
      try {
        const imported = await importStatement(deps.db, {
          staged,
          catalogue: deps.catalogue,
          actorId: principal?.kind === "user" ? principal.userId : null,
          at: new Date(deps.now()).toISOString(),
        });
        res.status(201).json(imported);
      } finally {
        await staged.discard();
      }
    })().catch(next);
  };
