import { ExternalLink as ExternalLinkIcon, Music, Plus } from "lucide-react";
import { useState } from "react";
import { ConflictNotice } from "@/components/form/conflict-notice";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadingStatus } from "@/components/ui/loading-status";
import { PLATFORM } from "@/config/site";
import { type PortfolioItem, usePortfolioWorks } from "@/features/portfolio/api/list-portfolio-works";
import { useUpdatePortfolioItem } from "@/features/portfolio/api/write-portfolio-item";
import { DeleteWorkDialog } from "@/features/portfolio/components/delete-work-dialog";
import { PortfolioItemCard } from "@/features/portfolio/components/portfolio-item-card";
import { WorkFormDialog } from "@/features/portfolio/components/work-form-dialog";
import { StaleRecordError } from "@/lib/postgrest";

type PortfolioWorksProps = { talentId: string; isOwner: boolean };

/** Which dialog is open: adding a work, or editing or deleting one (by id, so it follows a reload). */
type OpenDialog = { kind: "add" } | { kind: "edit" | "delete"; id: string } | null;

export function PortfolioWorks({ talentId, isOwner }: PortfolioWorksProps) {
  const worksQuery = usePortfolioWorks(talentId);
  const toggle = useUpdatePortfolioItem();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [isToggleStale, setIsToggleStale] = useState(false);

  if (worksQuery.isPending) {
    return <LoadingStatus>Loading portfolio...</LoadingStatus>;
  }
  if (worksQuery.isError) {
    return <p className="text-muted-foreground">The portfolio could not be loaded.</p>;
  }

  const works = worksQuery.data;
  const featured = works.filter((work) => work.featured);
  const dialogWork =
    dialog && dialog.kind !== "add" ? works.find((work) => work.id === dialog.id) : undefined;
  const closeDialog = () => setDialog(null);
  const reloadWorks = () => worksQuery.refetch();

  const toggleFeatured = (item: PortfolioItem, isFeatured: boolean) => {
    setIsToggleStale(false);
    toggle.mutate(
      { id: item.id, version: item.updated_at, changes: { featured: isFeatured } },
      { onError: (error) => setIsToggleStale(error instanceof StaleRecordError) },
    );
  };

  const renderGrid = (items: PortfolioItem[]) => (
    <ul className="grid gap-4 md:grid-cols-2">
      {items.map((item) => (
        <li key={item.id}>
          <PortfolioItemCard
            item={item}
            isOwner={isOwner}
            isSaving={toggle.isPending && toggle.variables?.id === item.id}
            onEdit={() => setDialog({ kind: "edit", id: item.id })}
            onDelete={() => setDialog({ kind: "delete", id: item.id })}
            onToggleFeatured={(isFeatured) => toggleFeatured(item, isFeatured)}
          />
        </li>
      ))}
    </ul>
  );

  const addButton = (
    <Button onClick={() => setDialog({ kind: "add" })}>
      <Plus aria-hidden="true" />
      Add Work
    </Button>
  );

  return (
    <div className="grid gap-6">
      {isOwner ? (
        <div className="flex flex-wrap gap-2">
          {works.length > 0 ? addButton : null}
          <Button asChild variant="outline">
            <a href={PLATFORM.url} target="_blank" rel="noopener noreferrer">
              <ExternalLinkIcon aria-hidden="true" />
              Connect to {PLATFORM.name}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
        </div>
      ) : null}
      {isToggleStale ? (
        <ConflictNotice
          onReload={async () => {
            await reloadWorks();
            setIsToggleStale(false);
          }}
        />
      ) : null}
      {works.length === 0 ? (
        <EmptyState icon={Music} title="No works yet" description="This talent's portfolio has no works yet.">
          {isOwner ? addButton : null}
        </EmptyState>
      ) : (
        <>
          <section aria-labelledby="featured-works" className="grid gap-3">
            <h3 id="featured-works" className="text-lg font-semibold">
              Featured Works
            </h3>
            {featured.length === 0 ? (
              <p className="text-sm text-muted-foreground">No featured works yet.</p>
            ) : (
              renderGrid(featured)
            )}
          </section>
          <section aria-labelledby="all-works" className="grid gap-3">
            <h3 id="all-works" className="text-lg font-semibold">
              All Works
            </h3>
            {renderGrid(works)}
          </section>
        </>
      )}
      <WorkFormDialog
        open={dialog?.kind === "add" || (dialog?.kind === "edit" && dialogWork !== undefined)}
        onOpenChange={(open) => {
          if (!open) closeDialog();
        }}
        talentId={talentId}
        work={dialog?.kind === "edit" ? dialogWork : null}
        onReload={async () => (await reloadWorks()).data?.find((work) => work.id === dialogWork?.id)}
      />
      {dialog?.kind === "delete" && dialogWork ? (
        <DeleteWorkDialog work={dialogWork} onOpenChange={closeDialog} onReload={reloadWorks} />
      ) : null}
    </div>
  );
}
