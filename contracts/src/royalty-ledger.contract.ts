import { initContract } from "@ts-rest/core";
import { z } from "zod";
import {
  access,
  apiErrorSchema,
  apiKeyErrorSchema,
  personRpcAccess,
  restErrorResponses,
  restHeadersSchema,
  serviceRoleAccess,
} from "./common";
import {
  royaltyAliasesTable,
  royaltyImportsTable,
  royaltyPeriodsTable,
  royaltyStatementMailingsTable,
  royaltyStatementsTable,
} from "./tables/royalty-ledger.table";

const c = initContract();

/**
 * Match one unmatched statement line to a work or a recording (exactly one). With `remember`, every
 * unmatched line of the same source with the same identifier is matched too, and the match is kept as the
 * source's alias, so the source's later files match by themselves.
 */
export const matchRoyaltyLineSchema = z
  .object({
    line_id: z.string().uuid("must be a statement line's id"),
    work_id: z.string().uuid("must be a work's id").optional(),
    recording_id: z.string().uuid("must be a recording's id").optional(),
    remember: z.boolean().default(false),
  })
  .strict()
  .refine((m) => (m.work_id === undefined) !== (m.recording_id === undefined), {
    message: "Name the work_id or the recording_id the line is matched to (one of them)",
    path: ["work_id"],
  });
export type MatchRoyaltyLine = z.input<typeof matchRoyaltyLineSchema>;

export const royaltyPeriodCallSchema = z
  .object({ period_id: z.string().uuid("must be a royalty period's id") })
  .strict();

export const royaltyMatchResultSchema = z.object({
  /** The lines matched by this call (the one named, and with `remember` its source's like ones). */
  matched: z.number().int(),
  line_ids: z.array(z.string()),
  /** The alias remembered, when asked to. */
  alias: royaltyAliasesTable.row.nullable(),
});

/** Money of a period that no statement pays, and why. */
export const royaltySuspenseSchema = z.object({
  /** Lines no work or recording was found for. */
  unmatched_ore: z.number().int(),
  unmatched_lines: z.number().int(),
  /** Lines of a work without a fully signed split, or of a recording without payees. */
  unsplit_ore: z.number().int(),
  unsplit_lines: z.number().int(),
  /** The works and recordings whose money is held, and how much each. */
  held: z.array(
    z.object({
      work_id: z.string().nullable(),
      recording_id: z.string().nullable(),
      amount_ore: z.number().int(),
      reason: z.string(),
    }),
  ),
  total_ore: z.number().int(),
});

export const royaltyPeriodReportSchema = z.object({
  period: royaltyPeriodsTable.row,
  /** Everything the period's imports brought in, in öre: the statements' earnings plus suspense. */
  received_ore: z.number().int(),
  statements: z.array(royaltyStatementsTable.row),
  suspense: royaltySuspenseSchema,
});
export type RoyaltyPeriodReport = z.infer<typeof royaltyPeriodReportSchema>;

const rpcResponses = {
  ...restErrorResponses,
  404: restErrorResponses[400],
  409: restErrorResponses[400],
  422: restErrorResponses[400],
};

const statementFileParams = z.object({ id: z.string().uuid("must be a royalty statement's id") });
const statementFileResponses = {
  400: apiErrorSchema,
  401: z.union([apiErrorSchema, apiKeyErrorSchema]),
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/**
 * The royalty ledger: statement files in, lines matched by hand, periods closed into each payee's
 * statement. Staff only. The import is streamed by hand (multipart: `file`, `source_id`, optional
 * `period_id`); the RPCs are PostgREST-style, each one transaction.
 */
/** A statement file's header row and how it was read, for building a source's column mapping from it. */
export const statementHeaderSchema = z.object({
  header: z.array(z.string()),
  /** "xlsx", or the text file's encoding and delimiter as sniffed. */
  format: z.union([
    z.object({ kind: z.literal("xlsx") }),
    z.object({ kind: z.literal("delimited"), encoding: z.string(), delimiter: z.string() }),
  ]),
});
export type StatementHeader = z.infer<typeof statementHeaderSchema>;

export const royaltyLedgerContract = c.router({
  readStatementHeader: {
    method: "POST",
    path: "/api/royalties/statement-header",
    contentType: "multipart/form-data",
    body: c.type<{ file: unknown }>(),
    responses: {
      200: statementHeaderSchema,
      400: apiErrorSchema,
      401: z.union([apiErrorSchema, apiKeyErrorSchema]),
      403: apiErrorSchema,
      413: apiErrorSchema,
      422: apiErrorSchema,
    },
    metadata: access("staff"),
    summary:
      "Reads a sample statement file's header row (multipart, part `file`) the way an import reads it (encoding, delimiter or workbook), so a source's column mapping is built from the real column names; nothing is stored",
  },
  importRoyaltyStatement: {
    method: "POST",
    path: "/api/royalties/imports",
    body: c.type<Uint8Array>(),
    responses: {
      201: royaltyImportsTable.row,
      400: apiErrorSchema,
      401: z.union([apiErrorSchema, apiKeyErrorSchema]),
      403: apiErrorSchema,
      404: apiErrorSchema,
      409: apiErrorSchema,
      413: apiErrorSchema,
      422: apiErrorSchema,
    },
    metadata: access("staff"),
    summary: "Import a statement file of a source into a period; answers the import with its counts",
    description:
      "multipart/form-data: `file` (CSV, TSV or XLSX as the source's mapping reads it), `source_id`, and " +
      "`period_id` (when left out, the open period the import day falls in). All lines or none are " +
      "written; the same file twice is a 409.",
  },
  matchRoyaltyLine: {
    method: "POST",
    path: "/rest/v1/rpc/match_royalty_line",
    headers: restHeadersSchema,
    body: matchRoyaltyLineSchema,
    responses: { ...rpcResponses, 200: royaltyMatchResultSchema },
    // Who remembered a match is kept only as a person's id: the service_role key, which is nobody, is refused.
    metadata: personRpcAccess("staff"),
    summary:
      "Match a statement line to a work or recording by hand; with remember, all its source's like lines and later imports",
  },
  previewRoyaltyPeriod: {
    method: "POST",
    path: "/rest/v1/rpc/preview_royalty_period",
    headers: restHeadersSchema,
    body: royaltyPeriodCallSchema,
    responses: { ...rpcResponses, 200: royaltyPeriodReportSchema },
    metadata: serviceRoleAccess("staff"),
    summary: "The statements a close would write, without writing them (an open period becomes previewed)",
  },
  closeRoyaltyPeriod: {
    method: "POST",
    path: "/rest/v1/rpc/close_royalty_period",
    headers: restHeadersSchema,
    body: royaltyPeriodCallSchema,
    responses: { ...rpcResponses, 200: royaltyPeriodReportSchema },
    metadata: serviceRoleAccess("staff"),
    summary:
      "Close a period: allocate its matched money by the signed splits into each payee's statement; again answers the same",
  },
  royaltyStatementPdf: {
    method: "GET",
    path: "/api/royalties/statements/:id/pdf",
    pathParams: statementFileParams,
    responses: {
      200: c.otherResponse({ contentType: "application/pdf", body: c.type<Uint8Array>() }),
      ...statementFileResponses,
    },
    metadata: access("staff"),
    summary: "A payee's statement of a closed period as a PDF (an attachment named by payee and period)",
  },
  royaltyStatementCsv: {
    method: "GET",
    path: "/api/royalties/statements/:id/csv",
    pathParams: statementFileParams,
    responses: {
      200: c.otherResponse({ contentType: "text/csv; charset=utf-8", body: c.type<Uint8Array>() }),
      ...statementFileResponses,
    },
    metadata: access("staff"),
    summary:
      "A payee's statement as CSV: a row per earnings entry by source, work or recording and right, then the summary, in öre and kronor",
  },
  mailRoyaltyStatement: {
    method: "POST",
    path: "/api/royalties/statements/:id/mail",
    pathParams: statementFileParams,
    body: c.noBody(),
    responses: {
      200: royaltyStatementMailingsTable.row,
      ...statementFileResponses,
      422: apiErrorSchema,
      429: apiErrorSchema,
    },
    metadata: access("staff"),
    summary:
      "Mail a payee their statement's PDF: to the linked contact's e-mail, or the company's contact's; answers the mailing",
    description:
      "A payee without an address is a 422 and nothing is sent. Mails to one address are rate limited " +
      "(429). Each send is recorded in royalty_statement_mailings.",
  },
});
