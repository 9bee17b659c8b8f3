import { useMutation } from "@tanstack/react-query";
import { PROJECT_WRITE_INVALIDATES } from "@/features/projects/api/project-keys";
import { tsr } from "@/lib/api-client";
import { expectSuccess } from "@/lib/postgrest";
import { invoicesQueryKey } from "@/lib/query-keys";

/**
 * A draft invoice for the project's reached milestones and approved deliverables not yet invoiced. The
 * server refuses when there is nothing to invoice; its words become the error toast.
 */
export function useInvoiceFromProject() {
  return useMutation({
    mutationFn: async (projectId: string) => {
      const response = await tsr.money.invoiceFromProject.mutate({ body: { project_id: projectId } });
      return expectSuccess(response).body as { id: string };
    },
    meta: {
      successMessage: "Draft invoice created",
      errorMessage: "Could not create the invoice",
      invalidates: [invoicesQueryKey, ...PROJECT_WRITE_INVALIDATES],
    },
  });
}
