import { initContract } from "@ts-rest/core";
import { z } from "zod";
import { access, apiErrorSchema, apiKeyErrorSchema } from "./common";
import { CWR_ACK_STATUS_CODES, CWR_VERSIONS } from "./royalties/cwr";

const c = initContract();

export const cwrExportRequestSchema = z
  .object({
    work_ids: z
      .array(z.string().uuid("must be a work's id"))
      .min(1, "Name at least one work")
      .max(500, "At most 500 works in one file")
      .refine((ids) => new Set(ids).size === ids.length, "A work is named once"),
    version: z.enum(CWR_VERSIONS),
  })
  .strict();
export type CwrExportRequest = z.infer<typeof cwrExportRequestSchema>;

/** The file as made: CWR's fixed-width records in ASCII, lines ending in CR LF. */
const cwrFile = c.otherResponse({ contentType: "text/plain; charset=us-ascii", body: z.string() });

/** What an acknowledgement file said of one of our works, as recorded. */
const cwrAcknowledgedWorkSchema = z.object({
  work_id: z.string().uuid(),
  submitter_work_id: z.string(),
  title: z.string(),
  status: z.enum(CWR_ACK_STATUS_CODES),
  society_work_id: z.string().nullable(),
});

/**
 * What an acknowledgement file recorded: per status, each of our works in the file's order, and the
 * work numbers it named that we never sent.
 */
export const cwrAckReceiptSchema = z.object({
  society_code: z.string(),
  society_name: z.string(),
  recorded: z.number().int(),
  statuses: z.record(z.string(), z.number().int()),
  works: z.array(cwrAcknowledgedWorkSchema),
  unknown_work_ids: z.array(z.string()),
});
export type CwrAckReceipt = z.infer<typeof cwrAckReceiptSchema>;

/** What a staff route about a file that may not exist can refuse. */
const fileRouteErrors = {
  400: apiErrorSchema,
  401: z.union([apiErrorSchema, apiKeyErrorSchema]),
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/** The royalty routes beyond the catalogue's tables (staff only). */
export const royaltiesContract = c.router({
  cwrExport: {
    method: "POST",
    path: "/api/royalties/cwr",
    body: cwrExportRequestSchema,
    responses: { 200: cwrFile, ...fileRouteErrors, 409: apiErrorSchema, 422: apiErrorSchema },
    metadata: access("staff"),
    summary:
      "A CWR registration file of the works (NWR for new, REV for works sent before), numbered within its year and kept as sent; answered as an attachment under its CISAC name",
  },
  cwrExportFile: {
    method: "GET",
    path: "/api/royalties/cwr/:id",
    pathParams: z.object({ id: z.string().uuid("id must be a CWR export's id") }),
    responses: { 200: cwrFile, ...fileRouteErrors },
    metadata: access("staff"),
    summary:
      "A CWR file made before, answered again byte for byte as it was sent (files are kept unchanged), as an attachment under its CISAC name",
  },
  cwrAck: {
    method: "POST",
    path: "/api/royalties/cwr/ack",
    contentType: "multipart/form-data",
    body: c.type<{ file: unknown }>(),
    responses: {
      200: cwrAckReceiptSchema,
      400: apiErrorSchema,
      401: z.union([apiErrorSchema, apiKeyErrorSchema]),
      403: apiErrorSchema,
      413: apiErrorSchema,
      422: apiErrorSchema,
    },
    metadata: access("staff"),
    summary:
      "Import a society's CWR acknowledgement file (multipart, part `file`): each acknowledged work's status and the society's work number are recorded",
  },
});
