import { LEGAL_DOCUMENT_TRANSITIONS } from "@app/contracts";
import { Ban, FileCog, PenLine, Send, Trash2 } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router-dom";
import { RenderedDocument } from "@/components/legal/rendered-document";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeading } from "@/components/ui/page-heading";
import { Spinner } from "@/components/ui/spinner";
import { useRenderDocument, useSendDocument, useUpdateLegal } from "@/features/legal/api/legal-mutations";
import { useLegalRecord, useLegalTemplates } from "@/features/legal/api/legal-queries";
import type { LegalDocument } from "@/features/legal/api/legal-types";
import { AuditTrail } from "@/features/legal/components/audit-trail";
import { DeleteLegalDialog } from "@/features/legal/components/delete-legal-dialog";
import { DocumentForm } from "@/features/legal/components/document-form";
import { DocumentStatusBadge } from "@/features/legal/components/document-status-badge";
import { DownloadButtons } from "@/features/legal/components/download-buttons";
import { IntegrityAlert } from "@/features/legal/components/integrity-alert";
import { PartySignatures } from "@/features/legal/components/party-signatures";
import { VoidDocumentDialog } from "@/features/legal/components/void-document-dialog";
import { EDIT_REFUSED_REASON, getDocumentActions } from "@/features/legal/utils/document-actions";
import { documentToForm } from "@/features/legal/utils/document-form";
import { problemsOf } from "@/features/legal/utils/problems";
import { useDocumentTitle } from "@/lib/use-document-title";

function MoveProblems({ error }: { error: unknown }) {
  if (!error) return null;
  const { message, problems } = problemsOf(error);
  return (
    <div
      role="alert"
      className="grid gap-1 rounded-md border border-error-text/60 p-3 text-sm text-error-text"
    >
      <p>{message}</p>
      {problems.length > 0 ? (
        <ul className="list-disc pl-5">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function DocumentEditor({
  document,
  onDone,
  onReload,
}: {
  document: LegalDocument;
  onDone(): void;
  onReload(): Promise<unknown>;
}) {
  const templates = useLegalTemplates();
  const update = useUpdateLegal("legal_documents", {
    successMessage: "Document saved",
    errorMessage: "Could not save the document",
  });
  if (templates.isPending) return <Spinner label="Loading templates" />;
  return (
    <DocumentForm
      key={document.updated_at}
      templates={templates.data ?? []}
      initialValues={documentToForm(document)}
      isTemplateFixed
      submitLabel="Save Document"
      onCancel={onDone}
      onReload={onReload}
      onSubmit={async ({ title, payload, parties }) => {
        await update.mutateAsync({
          id: document.id,
          version: document.updated_at,
          // Whatever the form does not edit (a project or song reference) is kept.
          changes: { title, parties, payload: { ...document.payload, ...payload } },
        });
        onDone();
      }}
    />
  );
}

function DocumentView({ document }: { document: LegalDocument }) {
  const id = useId();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const isEditing = params.get("edit") === "1";
  const setEditing = (edit: boolean) => setParams(edit ? { edit: "1" } : {}, { replace: true });
  const [isVoiding, setIsVoiding] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const render = useRenderDocument();
  const send = useSendDocument();
  const actions = getDocumentActions(document);
  const canVoid = LEGAL_DOCUMENT_TRANSITIONS[document.status].includes("void");
  const record = useLegalRecord("legal_documents", document.id, "Could not load the document");
  // A refusal is about the draft it was given: once the draft changes (an edit, a render), it is stale.
  const { reset: resetSend } = send;
  const { reset: resetRender } = render;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the version is the trigger, not an input
  useEffect(() => {
    resetSend();
    resetRender();
  }, [document.updated_at, resetSend, resetRender]);

  return (
    <div className="grid gap-6">
      <PageHeading
        title={document.title}
        description="A document made from a template: edit it while it is a draft, then send it for signatures."
        actions={<DocumentStatusBadge status={document.status} />}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          disabled={!actions.canEdit || isEditing}
          aria-describedby={actions.canEdit ? undefined : `${id}-edit-refused`}
          onClick={() => setEditing(true)}
        >
          <PenLine aria-hidden="true" />
          Edit
        </Button>
        {document.status === "draft" ? (
          <>
            <Button
              variant="secondary"
              disabled={render.isPending}
              onClick={() => render.mutate(document.id)}
            >
              {render.isPending ? <Spinner /> : <FileCog aria-hidden="true" />}
              Render
            </Button>
            <Button disabled={send.isPending} onClick={() => send.mutate(document.id)}>
              {send.isPending ? <Spinner /> : <Send aria-hidden="true" />}
              Send
            </Button>
          </>
        ) : null}
        <DownloadButtons document={document} size="default" />
        {canVoid ? (
          <Button variant="outline" onClick={() => setIsVoiding(true)}>
            <Ban aria-hidden="true" />
            Void
          </Button>
        ) : null}
        {actions.canDelete ? (
          <Button variant="outline" onClick={() => setIsDeleting(true)}>
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        ) : null}
      </div>
      {actions.canEdit ? null : (
        <p id={`${id}-edit-refused`} className="text-sm text-muted-foreground">
          {EDIT_REFUSED_REASON}
        </p>
      )}
      {document.void_reason ? <p className="text-sm">Voided: {document.void_reason}</p> : null}
      <IntegrityAlert document={document} />
      <MoveProblems error={send.error ?? render.error} />
      {isEditing && actions.canEdit ? (
        <DocumentEditor
          document={document}
          onDone={() => setEditing(false)}
          onReload={() => record.refetch()}
        />
      ) : (
        <div className="grid gap-6 2xl:grid-cols-[minmax(0,1fr)_18rem]">
          {/* The signatures sit beside the document only where a split sheet's eight columns still fit
              it whole (narrower, the side column would leave its last column to scroll). */}
          {document.rendered_html ? (
            <RenderedDocument html={document.rendered_html} label={`${document.title} (preview)`} />
          ) : (
            <EmptyState
              title="Not rendered yet"
              description="Render the draft to see it as it will be sent, and to download it."
            />
          )}
          <PartySignatures document={document} />
        </div>
      )}
      {document.audit.length > 0 ? <AuditTrail document={document} /> : null}
      <VoidDocumentDialog documentId={document.id} open={isVoiding} onOpenChange={setIsVoiding} />
      <DeleteLegalDialog
        table="legal_documents"
        row={isDeleting ? document : null}
        onOpenChange={setIsDeleting}
        onDeleted={() => navigate("/app/legal/documents")}
      />
    </div>
  );
}

export function LegalDocumentPage() {
  const { id = "" } = useParams();
  const document = useLegalRecord("legal_documents", id, "Could not load the document");
  useDocumentTitle(document.data?.title ?? "Document");
  if (document.isPending) return <Spinner label="Loading document" />;
  if (!document.data) {
    return (
      <div className="grid gap-6">
        <PageHeading title="Document" />
        <EmptyState title="Document not found" description="It may have been deleted.">
          <Button asChild variant="secondary">
            <Link to="/app/legal/documents">All documents</Link>
          </Button>
        </EmptyState>
      </div>
    );
  }
  return <DocumentView document={document.data} />;
}
