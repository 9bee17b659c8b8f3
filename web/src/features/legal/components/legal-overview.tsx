import { BookOpen, FilePlus2, FileStack, FileText, type LucideIcon, Plus, Signature } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeading } from "@/components/ui/page-heading";
import { Spinner } from "@/components/ui/spinner";
import { StatCard } from "@/components/ui/stat-card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { LegalClause, LegalTemplate, ListedDocument } from "@/features/legal/api/legal-types";
import { ClauseTable } from "@/features/legal/components/clause-table";
import { DocumentCard } from "@/features/legal/components/document-card";
import { TemplateCard } from "@/features/legal/components/template-card";
import { sortByUpdatedDesc } from "@/features/legal/utils/filter-legal";

const RECENT_LIMIT = 6;

type LegalFigures = { documents: number; templates: number; clauses: number; awaiting: number };

type LegalOverviewProps = {
  /** Counted by the server; undefined while loading. */
  figures: LegalFigures | undefined;
  documents: ListedDocument[];
  templates: LegalTemplate[];
  clauses: LegalClause[];
  /** The lists are still being read: no empty state yet. */
  isLoading?: boolean;
};

function ViewAll({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="text-sm text-primary underline-offset-4 hover:underline">
      {label}
    </Link>
  );
}

export function LegalOverview({
  figures,
  documents,
  templates,
  clauses,
  isLoading = false,
}: LegalOverviewProps) {
  const recentDocuments = sortByUpdatedDesc(documents).slice(0, RECENT_LIMIT);

  return (
    <div className="grid gap-6">
      <PageHeading
        title="Legal"
        description="Templates, documents and the clause library."
        actions={
          <>
            <Button asChild>
              <Link to="/app/legal/new">
                <FilePlus2 aria-hidden="true" />
                New Document
              </Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to="/app/legal/templates/new">
                <Plus aria-hidden="true" />
                New Template
              </Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to="/app/legal/clauses/new">
                <Plus aria-hidden="true" />
                New Clause
              </Link>
            </Button>
          </>
        }
      />
      <section aria-label="Legal figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Total Documents" value={figures?.documents ?? "–"} icon={FileText} />
        <StatCard label="Templates" value={figures?.templates ?? "–"} icon={FileStack} />
        <StatCard label="Clauses" value={figures?.clauses ?? "–"} icon={BookOpen} />
        <StatCard label="Awaiting Signatures" value={figures?.awaiting ?? "–"} icon={Signature} />
      </section>
      <Tabs defaultValue="documents">
        <TabsList>
          <TabsTrigger value="documents">Recent Documents</TabsTrigger>
          <TabsTrigger value="templates">Templates</TabsTrigger>
          <TabsTrigger value="clauses">Clauses</TabsTrigger>
        </TabsList>
        <OverviewTab
          value="documents"
          isLoading={isLoading}
          isEmpty={recentDocuments.length === 0}
          empty={{
            icon: FileText,
            title: "No documents created yet",
            description: "Create one from a template.",
            action: { to: "/app/legal/new", label: "New Document" },
          }}
          viewAll={{ to: "/app/legal/documents", label: "View all documents" }}
        >
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {recentDocuments.map((document) => (
              <li key={document.id}>
                <DocumentCard document={document} />
              </li>
            ))}
          </ul>
        </OverviewTab>
        <OverviewTab
          value="templates"
          isLoading={isLoading}
          isEmpty={templates.length === 0}
          empty={{
            icon: FileStack,
            title: "No templates available yet",
            description: "Add a reusable agreement.",
            action: { to: "/app/legal/templates/new", label: "New Template" },
          }}
          viewAll={{ to: "/app/legal/templates", label: "View all templates" }}
        >
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {templates.map((template) => (
              <li key={template.id}>
                <TemplateCard template={template} />
              </li>
            ))}
          </ul>
        </OverviewTab>
        <OverviewTab
          value="clauses"
          isLoading={isLoading}
          isEmpty={clauses.length === 0}
          empty={{
            icon: BookOpen,
            title: "No clauses in library yet",
            description: "Save a clause to reuse it.",
            action: { to: "/app/legal/clauses/new", label: "New Clause" },
          }}
          viewAll={{ to: "/app/legal/clauses", label: "View all clauses" }}
        >
          <Card className="p-2">
            <ClauseTable clauses={clauses} />
          </Card>
        </OverviewTab>
      </Tabs>
    </div>
  );
}

type OverviewTabProps = {
  value: string;
  isLoading: boolean;
  isEmpty: boolean;
  empty: { icon: LucideIcon; title: string; description: string; action: { to: string; label: string } };
  viewAll: { to: string; label: string };
  children: ReactNode;
};

/** One tab of the overview: a spinner while loading, the spec's empty state, or the rows and a way to all. */
function OverviewTab({ value, isLoading, isEmpty, empty, viewAll, children }: OverviewTabProps) {
  return (
    <TabsContent value={value} className="grid gap-3">
      {isLoading ? (
        <Spinner label="Loading" />
      ) : isEmpty ? (
        <EmptyState icon={empty.icon} title={empty.title} description={empty.description}>
          <Button asChild variant="secondary">
            <Link to={empty.action.to}>{empty.action.label}</Link>
          </Button>
        </EmptyState>
      ) : (
        <>
          <ViewAll to={viewAll.to} label={viewAll.label} />
          {children}
        </>
      )}
    </TabsContent>
  );
}
