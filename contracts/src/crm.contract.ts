import { initContract } from "@ts-rest/core";
import { z } from "zod";
import { restErrorResponses, restHeadersSchema, serviceRoleAccess } from "./common";
import { crmActivityTable } from "./tables/crm-activity.table";

const c = initContract();

/** The CRM records a note can be about. */
export const NOTE_RECORD_TYPES = ["crm_contacts", "crm_companies", "crm_deals", "crm_briefs"] as const;

export const addCrmNoteSchema = z
  .object({
    record_type: z.enum(NOTE_RECORD_TYPES),
    record_id: z.string().uuid(),
    body: z.string().trim().min(1, "A note needs some text").max(5000, "A note is at most 5000 characters"),
  })
  .strict();
export type AddCrmNote = z.infer<typeof addCrmNoteSchema>;

/**
 * The timeline is written only by the server; a staff member's note goes through this call (a PostgREST
 * RPC, so supabase-js's `.rpc("add_crm_note", {...})` works) and lands as a `note` row.
 */
export const crmContract = c.router({
  addCrmNote: {
    method: "POST",
    path: "/rest/v1/rpc/add_crm_note",
    headers: restHeadersSchema,
    body: addCrmNoteSchema,
    responses: { 200: crmActivityTable.row, 404: restErrorResponses[400], ...restErrorResponses },
    metadata: serviceRoleAccess("staff"),
    summary: "Add a note to a CRM record's timeline (staff only)",
  },
});
