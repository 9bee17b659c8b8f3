import { Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { LoadingStatus } from "@/components/ui/loading-status";
import { PageHeading } from "@/components/ui/page-heading";
import type { Deal } from "@/features/crm/api/crm-types";
import { dealsQueryKey, useDeals } from "@/features/crm/api/list-deals";
import { inColumnOrder, nextPosition, useMoveCard } from "@/features/crm/api/move-card";
import { DealFormDialog } from "@/features/crm/components/deal-form-dialog";
import { KanbanBoard } from "@/features/crm/components/kanban-board";
import { DEAL_COLUMNS } from "@/features/crm/utils/board-columns";
import { formatDay, formatSek } from "@/lib/format";
import { useLiveTables } from "@/lib/live/live-context";
import { crmQueryKey } from "@/lib/query-keys";
import { useDocumentTitle } from "@/lib/use-document-title";

export function DealsPage() {
  useDocumentTitle("Deals");
  useLiveTables(["crm_deals", "crm_companies", "crm_contacts"], [crmQueryKey]);
  const deals = useDeals();
  const moveDeal = useMoveCard("crm_deals", "stage", dealsQueryKey(), {
    successMessage: "Deal moved",
    errorMessage: "Could not move the deal",
  });
  const [editing, setEditing] = useState<{ deal: Deal | null } | null>(null);
  const rows = deals.data?.rows ?? [];

  return (
    <div className="grid gap-6">
      <PageHeading
        title="Deals"
        description="The pipeline from first contact to a signed deal, in SEK."
        actions={
          <Button onClick={() => setEditing({ deal: null })}>
            <Plus aria-hidden="true" />
            New Deal
          </Button>
        }
      />
      {deals.isPending ? (
        <LoadingStatus>Loading deals...</LoadingStatus>
      ) : (
        <KanbanBoard
          cardNoun="deals"
          columns={DEAL_COLUMNS}
          cards={inColumnOrder(rows)}
          columnOf={(deal) => deal.stage}
          cardTitle={(deal) => deal.title}
          emptyColumnText={rows.length === 0 ? "No deals yet." : undefined}
          renderSummary={(_stage, cards) => (
            <p className="text-sm text-muted-foreground">
              <span className="sr-only">Total value: </span>
              {formatSek(cards.reduce((sum, deal) => sum + deal.value_sek, 0))}
            </p>
          )}
          renderCard={(deal) => (
            <div className="grid gap-0.5 text-muted-foreground">
              {deal.company ? <span>{deal.company.name}</span> : null}
              <span className="font-medium text-foreground">{formatSek(deal.value_sek)}</span>
              {deal.expected_close_on ? <span>Closes {formatDay(deal.expected_close_on)}</span> : null}
            </div>
          )}
          onOpen={(deal) => setEditing({ deal })}
          onMove={(deal, stage) =>
            moveDeal.mutate({
              card: deal,
              to: stage,
              position: nextPosition(rows.filter((row) => row.stage === stage)),
            })
          }
        />
      )}
      <DealFormDialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        deal={editing?.deal}
        onReload={async () => {
          const fresh = (await deals.refetch()).data?.rows.find((row) => row.id === editing?.deal?.id);
          if (fresh) setEditing({ deal: fresh });
          return fresh;
        }}
      />
    </div>
  );
}
