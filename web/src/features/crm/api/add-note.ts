import type { AddCrmNote } from "@app/contracts";
import { useMutation } from "@tanstack/react-query";
import { CRM_WRITE_INVALIDATES } from "@/features/crm/api/crm-keys";
import { tsr } from "@/lib/api-client";
import { expectSuccess } from "@/lib/postgrest";

/** A note on a record's timeline (the timeline is written by the server only, so notes go through an RPC). */
export function useAddNote() {
  return useMutation({
    mutationFn: async (note: AddCrmNote) =>
      expectSuccess(await tsr.crm.addCrmNote.mutate({ body: note, headers: {} })).body,
    meta: {
      successMessage: "Note added",
      errorMessage: "Could not add the note",
      invalidates: CRM_WRITE_INVALIDATES,
    },
  });
}
