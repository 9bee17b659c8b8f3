import type { PersonalDataErasure } from "@app/contracts";
import { useMutation } from "@tanstack/react-query";
import { CRM_WRITE_INVALIDATES } from "@/features/crm/api/crm-keys";
import { tsr } from "@/lib/api-client";
import { expectSuccess } from "@/lib/postgrest";
import { saveFile } from "@/lib/save-file";

/** A file name from the address: its letters and digits, so the download says whose data it is. */
const exportFileName = (email: string) =>
  `personal-data-${email
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}.json`;

/** Everything held about the address, saved as one JSON file (administrators only). */
export function useExportPersonalData() {
  return useMutation({
    mutationFn: async (email: string) => {
      const { body } = expectSuccess(await tsr.personalData.exportPersonalData.mutate({ body: { email } }));
      saveFile(
        new Blob([JSON.stringify(body, null, 2)], { type: "application/json" }),
        exportFileName(email),
      );
      return body;
    },
    meta: { successMessage: "Personal data exported", errorMessage: "Could not export the personal data" },
  });
}

/** Erases what is held about the address; the contact stays as "Erased on request" (administrators only). */
export function useErasePersonalData() {
  return useMutation({
    mutationFn: async (email: string): Promise<PersonalDataErasure> =>
      expectSuccess(await tsr.personalData.erasePersonalData.mutate({ body: { email } })).body,
    meta: {
      successMessage: "Personal data erased",
      errorMessage: "Could not erase the personal data",
      invalidates: CRM_WRITE_INVALIDATES,
    },
  });
}
