import { LEGAL_DOCUMENT_STATUS_LABELS } from "@app/contracts";
import { Pencil } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadingStatus } from "@/components/ui/loading-status";
import { PageHeading } from "@/components/ui/page-heading";
import { useProject, useProjectSessions, useProjectWorks } from "@/features/projects/api/get-project";
import { useClientNames, useDocumentOptions } from "@/features/projects/api/list-options";
import { ProjectDeliverables, ProjectInvoices } from "@/features/projects/components/project-billing";
import { ProjectFormDialog } from "@/features/projects/components/project-form-dialog";
import { ProjectMilestones } from "@/features/projects/components/project-milestones";
import { ProjectSection } from "@/features/projects/components/project-section";
import { ProjectStatusBadge } from "@/features/projects/components/project-status-badge";
import { ProjectTeam } from "@/features/projects/components/project-team";
import { ProjectTimeline } from "@/features/projects/components/project-timeline";
import { FEE_MODEL_LABELS, PROJECT_KIND_LABELS } from "@/features/projects/utils/project-labels";
import { formatDateTime, formatDay } from "@/lib/format";
import { formatOre } from "@/lib/money";
import { useDocumentTitle } from "@/lib/use-document-title";

const linkClass = "font-medium text-primary underline-offset-4 hover:underline";

export function ProjectDetailPage() {
  const { id = "" } = useParams();
  const project = useProject(id);
  const clientNames = useClientNames();
  const [isEditing, setIsEditing] = useState(false);
  const data = project.data;
  useDocumentTitle(data ? `${data.code} ${data.title}` : "Project");

  if (project.isPending) return <LoadingStatus>Loading the project...</LoadingStatus>;
  if (!data) {
    return (
      <EmptyState title="Project Not Found" description="It may have been deleted.">
        <Link to="/app/projects" className={linkClass}>
          Back to projects
        </Link>
      </EmptyState>
    );
  }
  const client = data.company_id ? clientNames.get(data.company_id) : undefined;
  const dates = [data.start_date, data.due_date].map((day) => (day ? formatDay(day) : "not set"));

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeading
        title={data.title}
        description={`${data.code} · ${PROJECT_KIND_LABELS[data.kind]}`}
        actions={
          <Button onClick={() => setIsEditing(true)}>
            <Pencil aria-hidden="true" />
            Edit Project
          </Button>
        }
      />
      <Card className="p-4">
        <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="text-muted-foreground">Status</dt>
            <dd>
              <ProjectStatusBadge status={data.status} />
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Client</dt>
            <dd>
              {data.company_id ? (
                <Link to={`/app/crm/companies/${data.company_id}`} className={linkClass}>
                  {client ?? "The client company"}
                </Link>
              ) : data.contact_id ? (
                <Link to={`/app/crm/contacts/${data.contact_id}`} className={linkClass}>
                  The client contact
                </Link>
              ) : (
                "No client yet"
              )}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Dates</dt>
            <dd>
              {dates[0]} – {dates[1]}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Budget</dt>
            <dd>
              {formatOre(data.budget_ore)} · {FEE_MODEL_LABELS[data.fee_model]} · VAT {data.default_vat_rate}{" "}
              %
            </dd>
          </div>
        </dl>
        {data.notes ? <p className="mt-3 whitespace-pre-line text-sm">{data.notes}</p> : null}
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <ProjectTeam projectId={data.id} feeModel={data.fee_model} />
        <ProjectMilestones projectId={data.id} budgetOre={data.budget_ore} />
        <ProjectSessions projectId={data.id} />
        <ProjectDocuments documentId={data.legal_document_id} />
        <ProjectWorks projectId={data.id} />
        <ProjectDeliverables projectId={data.id} />
        <ProjectInvoices projectId={data.id} />
      </div>
      <ProjectTimeline projectId={data.id} />
      <ProjectFormDialog
        open={isEditing}
        onOpenChange={setIsEditing}
        project={data}
        onReload={async () => (await project.refetch()).data}
      />
    </div>
  );
}

function ProjectSessions({ projectId }: { projectId: string }) {
  const sessions = useProjectSessions(projectId);
  const rows = sessions.data ?? [];
  return (
    <ProjectSection title="Studio sessions">
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No sessions are booked for this project.</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {rows.map((session) => (
            <li key={session.id}>
              <span className="font-medium">{session.title}</span> · {formatDateTime(session.starts_at)} ·{" "}
              {session.status}
            </li>
          ))}
        </ul>
      )}
    </ProjectSection>
  );
}

function ProjectDocuments({ documentId }: { documentId: string | null }) {
  const documents = useDocumentOptions();
  const document = documents.data?.find((row) => row.id === documentId);
  return (
    <ProjectSection title="Documents">
      {documentId ? (
        <p className="text-sm">
          Contract:{" "}
          <Link to={`/app/legal/${documentId}`} className={linkClass}>
            {document?.title ?? "The signed contract"}
          </Link>
          {document ? ` · ${LEGAL_DOCUMENT_STATUS_LABELS[document.status]}` : null}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          No contract is linked yet: choose one in Edit Project.
        </p>
      )}
    </ProjectSection>
  );
}

function ProjectWorks({ projectId }: { projectId: string }) {
  const works = useProjectWorks(projectId);
  const rows = works.data ?? [];
  return (
    <ProjectSection title="Works and recordings">
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No portfolio works are linked to this project.</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {rows.map((work) => (
            <li key={work.id}>
              <Link to={`/app/portfolio/${work.talent_id}`} className={linkClass}>
                {work.title}
              </Link>{" "}
              · {work.year} · {work.role}
            </li>
          ))}
        </ul>
      )}
    </ProjectSection>
  );
}
