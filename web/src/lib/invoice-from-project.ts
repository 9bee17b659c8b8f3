import { useMutation } from "@tanstack/react-query";
import { tsr } from "@/lib/api-client";
import { expectSuccess } from "@/lib/postgrest";
import { crmQueryKey, invoicesQueryKey, projectsQueryKey } from "@/lib/query-keys";

/**
 * A draft invoice for the project's reached milestones and approved deliverables not yet invoiced (from
 * the project's page and from the report of work not invoiced). The server refuses when there is nothing
 * to invoice; its words become the error toast. The project's timeline (in the CRM's activity) notes it.
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
      invalidates: [invoicesQueryKey, projectsQueryKey, crmQueryKey],
    },
  });
}
