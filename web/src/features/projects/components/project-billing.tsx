import { DELIVERABLE_STATUS_LABELS } from "@app/contracts";
import { Link } from "react-router-dom";
import { CreateInvoiceButton } from "@/components/create-invoice-button";
import { useProjectDeliverables, useProjectInvoices } from "@/features/projects/api/get-project";
import { ProjectSection } from "@/features/projects/components/project-section";
import { formatDay } from "@/lib/format";
import { formatOre } from "@/lib/money";

const linkClass = "font-medium text-primary underline-offset-4 hover:underline";

/** What the project has to deliver, each with its state in the client's approval. */
export function ProjectDeliverables({ projectId }: { projectId: string }) {
  const rows = useProjectDeliverables(projectId).data ?? [];
  return (
    <ProjectSection
      title="Deliverables"
      action={
        <Link to="/app/deliverables" className={linkClass}>
          All deliverables
        </Link>
      }
    >
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No deliverables are planned for this project.</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {rows.map((deliverable) => (
            <li key={deliverable.id}>
              <span className="font-medium">{deliverable.title}</span> ·{" "}
              {DELIVERABLE_STATUS_LABELS[deliverable.status]}
              {deliverable.due_date ? ` · due ${formatDay(deliverable.due_date)}` : null}
            </li>
          ))}
        </ul>
      )}
    </ProjectSection>
  );
}

/** The invoices billing the project: a draft has no number until it is issued. */
export function ProjectInvoices({ projectId }: { projectId: string }) {
  const rows = useProjectInvoices(projectId).data ?? [];
  return (
    <ProjectSection title="Invoices" action={<CreateInvoiceButton projectId={projectId} />}>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing has been invoiced for this project.</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {rows.map((invoice) => (
            <li key={invoice.id}>
              <Link to={`/app/invoices/${invoice.id}`} className={linkClass}>
                {invoice.number === null
                  ? "Draft invoice"
                  : `${invoice.kind === "credit" ? "Credit invoice" : "Invoice"} ${invoice.series}${invoice.number}`}
              </Link>{" "}
              · {formatOre(invoice.total_ore)} · {invoice.status.replace("_", " ")}
              {invoice.due_date ? ` · due ${formatDay(invoice.due_date)}` : null}
            </li>
          ))}
        </ul>
      )}
    </ProjectSection>
  );
}
