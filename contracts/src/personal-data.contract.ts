import { initContract } from "@ts-rest/core";
import { z } from "zod";
import { access, apiErrorSchema, apiKeyErrorSchema } from "./common";

const c = initContract();

/** Whose data: one e-mail address, matched without regard to case. */
export const personalDataRequestSchema = z
  .object({
    email: z
      .string()
      .trim()
      .min(1, "Enter the person's e-mail address")
      .max(254, "An e-mail address is at most 254 characters")
      .email("Enter a valid e-mail address"),
  })
  .strict();
export type PersonalDataRequest = z.infer<typeof personalDataRequestSchema>;

/** Everything the product holds about one address, grouped by where it is kept (one JSON file). */
export const personalDataExportSchema = z.object({
  format: z.literal("personal-data-export/1"),
  email: z.string(),
  exported_at: z.string(),
  /** False when nothing anywhere mentions the address. */
  found: z.boolean(),
  data: z.record(z.string(), z.unknown()),
});
export type PersonalDataExport = z.infer<typeof personalDataExportSchema>;

/** What an erasure changed, by table, and what it kept on purpose. */
export const personalDataErasureSchema = z.object({
  found: z.boolean(),
  /** Rows deleted or rewritten, per table; only tables that changed. */
  changed: z.record(z.string(), z.number().int()),
  /** Fully signed documents kept (their party marked erased on request). */
  kept_signed_documents: z.number().int(),
  /** Stored files that named only this person, removed after the commit. */
  removed_files: z.number().int(),
});
export type PersonalDataErasure = z.infer<typeof personalDataErasureSchema>;

const errors = {
  400: apiErrorSchema,
  401: z.union([apiErrorSchema, apiKeyErrorSchema]),
  403: apiErrorSchema,
} as const;

/**
 * A person's rights of access and erasure, for administrators (the same service as `npm run cli -- gdpr`).
 * POST, so the address travels in the body and never in a URL or an access log.
 */
export const personalDataContract = c.router({
  exportPersonalData: {
    method: "POST",
    path: "/api/admin/personal-data/export",
    body: personalDataRequestSchema,
    responses: { 200: personalDataExportSchema, ...errors },
    metadata: access("admin"),
    summary: "Everything held about an e-mail address, as one JSON document (administrators only)",
  },
  erasePersonalData: {
    method: "POST",
    path: "/api/admin/personal-data/erase",
    body: personalDataRequestSchema,
    responses: { 200: personalDataErasureSchema, ...errors },
    metadata: access("admin"),
    summary:
      "Erases or anonymises everything held about an e-mail address in one transaction; fully signed documents are kept (administrators only)",
  },
});
