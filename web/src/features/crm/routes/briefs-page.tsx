import { Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { LoadingStatus } from "@/components/ui/loading-status";
import { PageHeading } from "@/components/ui/page-heading";
import { SearchInput } from "@/components/ui/search-input";
import type { Brief, WithCompany } from "@/features/crm/api/crm-types";
import { briefsQueryKey, useBriefs } from "@/features/crm/api/list-briefs";
import { inColumnOrder, nextPosition, useMoveCard } from "@/features/crm/api/move-card";
import { BriefFormDialog } from "@/features/crm/components/brief-form-dialog";
import { KanbanBoard } from "@/features/crm/components/kanban-board";
import { BRIEF_COLUMNS } from "@/features/crm/utils/board-columns";
import { filterBriefs } from "@/features/crm/utils/filter-briefs";
import { formatDay, formatSek } from "@/lib/format";
import { useLiveTables } from "@/lib/live/live-context";
import { crmQueryKey } from "@/lib/query-keys";
import { useDocumentTitle } from "@/lib/use-document-title";

export function BriefsPage() {
  useDocumentTitle("Creative Briefs");
  useLiveTables(["crm_briefs", "crm_brief_talent", "crm_companies"], [crmQueryKey]);
  const briefs = useBriefs();
  const moveBrief = useMoveCard("crm_briefs", "status", briefsQueryKey, {
    successMessage: "Brief moved",
    errorMessage: "Could not move the brief",
  });
  const [search, setSearch] = useState("");
  const [editing, setEditing] = useState<{ brief: Brief | null } | null>(null);
  const rows = briefs.data?.rows ?? [];
  const clientName = (brief: WithCompany<Brief>) => brief.company?.name ?? "";
  const shown = filterBriefs(rows, search, clientName);

  return (
    <div className="grid gap-6">
      <PageHeading
        title="Creative Briefs"
        description="Track briefs from first draft to shipped."
        actions={
          <Button onClick={() => setEditing({ brief: null })}>
            <Plus aria-hidden="true" />
            New Brief
          </Button>
        }
      />
      <SearchInput
        className="max-w-sm"
        aria-label="Search briefs"
        placeholder="Search briefs..."
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {briefs.isPending ? (
        <LoadingStatus>Loading briefs...</LoadingStatus>
      ) : (
        <KanbanBoard
          cardNoun="briefs"
          columns={BRIEF_COLUMNS}
          cards={inColumnOrder(shown)}
          columnOf={(brief) => brief.status}
          cardTitle={(brief) => brief.title}
          renderCard={(brief) => (
            <div className="grid gap-0.5 text-muted-foreground">
              {brief.company_id ? <span>{clientName(brief) || "Client"}</span> : null}
              {brief.budget_sek !== null ? <span>{formatSek(brief.budget_sek)}</span> : null}
              {brief.due_on ? <span>Due {formatDay(brief.due_on)}</span> : null}
            </div>
          )}
          onOpen={(brief) => setEditing({ brief })}
          onMove={(brief, status) =>
            moveBrief.mutate({
              card: brief,
              to: status,
              position: nextPosition(rows.filter((row) => row.status === status)),
            })
          }
        />
      )}
      <BriefFormDialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        brief={editing?.brief}
        onReload={async () => {
          const fresh = (await briefs.refetch()).data?.rows.find((row) => row.id === editing?.brief?.id);
          if (fresh) setEditing({ brief: fresh });
          return fresh;
        }}
      />
    </div>
  );
}
