import { formatOre } from "@app/contracts";
import { stockholmDay } from "@app/contracts/stockholm-time";
import { ClipboardCheck } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router-dom";
import { CreateInvoiceButton } from "@/components/create-invoice-button";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ListState } from "@/components/ui/list-state";
import { PageHeading } from "@/components/ui/page-heading";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { type UninvoicedProject, useUninvoicedWork } from "@/features/invoices/api/uninvoiced-work";
import { formatDay } from "@/lib/format";
import { useDocumentTitle } from "@/lib/use-document-title";

const linkClass = "font-medium text-primary underline-offset-4 hover:underline";
const KIND_LABELS = { milestone: "Milestone", deliverable: "Deliverable" } as const;

/** /app/invoices/uninvoiced: reached milestones and approved deliverables that no invoice bills yet. */
export function UninvoicedPage() {
  useDocumentTitle("Approved but not invoiced");
  const work = useUninvoicedWork();
  const projects = work.data ?? [];
  return (
    <div className="grid gap-6">
      <PageHeading
        title="Approved but not invoiced"
        description="Reached milestones and approved deliverables that no invoice bills yet, per project."
        actions={
          <Button asChild variant="outline">
            <Link to="/app/invoices">All invoices</Link>
          </Button>
        }
      />
      <ListState
        read={work}
        loading="Loading the work waiting to be invoiced"
        failed="Failed to load the work waiting to be invoiced."
        isEmpty={projects.length === 0}
        empty={
          <EmptyState
            icon={ClipboardCheck}
            title="Nothing waiting to be invoiced"
            description="Every reached milestone and approved deliverable is on an invoice."
          />
        }
      >
        {projects.map((project) => (
          <ProjectWork key={project.id} project={project} />
        ))}
      </ListState>
    </div>
  );
}

function ProjectWork({ project }: { project: UninvoicedProject }) {
  const headingId = useId();
  const name = `${project.code} ${project.title}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="min-w-0 break-words text-lg font-semibold">
          <Link to={`/app/projects/${project.id}`} className={linkClass}>
            {project.code} · {project.title}
          </Link>
        </h2>
        <CreateInvoiceButton projectId={project.id} label={`Create invoice for ${name}`} />
      </div>
      <Table aria-label={`Not invoiced: ${name}`}>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Work</TableHead>
            <TableHead scope="col" className="hidden sm:table-cell">
              Done
            </TableHead>
            <TableHead scope="col" className="text-right">
              Amount
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {project.items.map((item) => (
            <TableRow key={`${item.kind}-${item.id}`}>
              <TableCell className="min-w-0">
                <span className="block break-words font-medium">{item.title}</span>
                <span className="block text-xs text-muted-foreground">
                  {KIND_LABELS[item.kind]}
                  <span className="sm:hidden">{item.done_at ? ` · ${doneDay(item.done_at)}` : null}</span>
                </span>
              </TableCell>
              <TableCell className="hidden whitespace-nowrap sm:table-cell">
                {item.done_at ? doneDay(item.done_at) : "—"}
              </TableCell>
              <TableCell className="whitespace-nowrap text-right tabular-nums">
                {item.amount_ore === null ? (
                  <span className="text-muted-foreground">not priced</span>
                ) : (
                  formatOre(item.amount_ore)
                )}
              </TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableHead scope="row" className="sm:hidden">
              Total
            </TableHead>
            <TableHead scope="row" colSpan={2} className="hidden sm:table-cell">
              Total
            </TableHead>
            <TableCell className="whitespace-nowrap text-right font-semibold tabular-nums">
              {formatOre(project.total_ore)}
              {project.unpriced > 0 ? (
                <span className="block text-xs font-normal text-muted-foreground">
                  + {project.unpriced} not priced
                </span>
              ) : null}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </section>
  );
}

/** The day the work was done, in Stockholm, where the business is. */
const doneDay = (doneAt: string) => formatDay(stockholmDay(doneAt));
