import type { CwrAckReceipt, CwrExportRequest } from "@app/contracts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { tsr } from "@/lib/api-client";
import { royaltiesQueryKey } from "@/lib/query-keys";
import { readTable } from "@/lib/read-table";
import { attachmentName, downloadWithToken, saveFile } from "@/lib/save-file";
import { postFormWithProgress } from "@/lib/upload-with-progress";

const root = royaltiesQueryKey;
const invalidates = [root] as const;

/** The CWR files made, newest first, without their contents (each is fetched as a file when asked). */
export function useCwrExports() {
  return useQuery({
    queryKey: [...root, "cwr-exports"],
    queryFn: async ({ signal }) =>
      (
        await readTable(
          "cwr_exports",
          {
            select: ["id", "year", "number_in_year", "version", "file_name", "work_count", "created_at"],
            order: ["year.desc", "number_in_year.desc"],
          },
          signal,
        )
      ).rows,
    meta: { errorMessage: "Could not load the CWR files" },
  });
}

/**
 * Makes a CWR file of the works and saves it under the CISAC name the server gives it. A refusal (the
 * share rules, missing publisher details) rejects with the server's words and saves nothing; it is
 * shown beside the button, where it was asked.
 */
export function useExportCwr() {
  return useMutation({
    mutationFn: async (body: CwrExportRequest) => {
      const response = await tsr.royalties.cwrExport.mutate({ body });
      if (response.status !== 200) throw response;
      const name = attachmentName(response.headers, "registration.V21");
      saveFile(new Blob([response.body], { type: "text/plain" }), name);
      return name;
    },
    meta: { successMessage: "CWR file made", invalidates },
  });
}

/** A file made before, exactly as it was sent (fetched with the staff token, then saved). */
export function useDownloadCwrExport() {
  return useMutation({
    mutationFn: ({ id, fileName }: { id: string; fileName: string }) =>
      downloadWithToken(`/api/royalties/cwr/${id}`, fileName),
    meta: { errorMessage: "Could not download the CWR file" },
  });
}

/** Each work's acknowledgements, the latest first: what each society last said of it. */
export function useWorkAcknowledgements() {
  return useQuery({
    queryKey: [...root, "work-acknowledgements"],
    queryFn: async ({ signal }) =>
      (
        await readTable(
          "work_acknowledgements",
          {
            select: ["id", "work_id", "society_code", "status", "society_work_id", "processed_on"],
            order: ["processed_on.desc"],
          },
          signal,
        )
      ).rows,
    meta: { errorMessage: "Could not load the societies' acknowledgements" },
  });
}

/** Uploads a society's ACK file; answers what it recorded. A refusal is shown beside the form. */
export function useImportCwrAck() {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append("file", file, file.name);
      return (await postFormWithProgress("/api/royalties/cwr/ack", form, () => {})) as CwrAckReceipt;
    },
    meta: { successMessage: "Acknowledgements recorded", invalidates },
  });
}
