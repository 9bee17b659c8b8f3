import { initContract } from "@ts-rest/core";
import { z } from "zod";
import { access, apiErrorSchema, apiKeyErrorSchema } from "./common";

const c = initContract();

export const BACKUP_STATUSES = ["complete", "incomplete"] as const;

export const backupSchema = z.object({
  /** The folder name under BACKUP_DIR: the UTC time it was started. */
  id: z.string(),
  created_at: z.string(),
  /** complete: its manifest was written; incomplete: still running, or it stopped midway. */
  status: z.enum(BACKUP_STATUSES),
  size_bytes: z.number().int().min(0),
  engine: z.enum(["sqlite", "postgres"]).nullable(),
  /** The newest migration the saved database had run. */
  schema_version: z.string().nullable(),
});
export type Backup = z.infer<typeof backupSchema>;

const errors = {
  400: apiErrorSchema,
  401: z.union([apiErrorSchema, apiKeyErrorSchema]),
  403: apiErrorSchema,
} as const;

/** The server's backups, for administrators (the operator's CLI does the same and restores). */
export const backupsContract = c.router({
  listBackups: {
    method: "GET",
    path: "/api/admin/backups",
    responses: { 200: z.array(backupSchema), ...errors },
    metadata: access("admin"),
    summary: "The backups in BACKUP_DIR, newest first (administrators only)",
  },
  createBackup: {
    method: "POST",
    path: "/api/admin/backups",
    /** Nothing to choose: an empty JSON object, so a form post or stray text is refused, not acted on. */
    body: z.object({}).strict(),
    responses: { 201: backupSchema, ...errors, 409: apiErrorSchema, 500: apiErrorSchema },
    metadata: access("admin"),
    summary: "Back up now: one consistent snapshot of the database and stored files (administrators only)",
  },
});
