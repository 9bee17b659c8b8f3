import { ExternalLink as ExternalLinkIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { PLATFORM } from "@/config/site";
import { usePortfolioWorks, useUpdatePortfolioItem } from "@/features/portfolio/api/list-portfolio-works";
import { EditPortfolioItemDialog } from "@/features/portfolio/components/edit-portfolio-item-dialog";
import { PortfolioItemCard } from "@/features/portfolio/components/portfolio-item-card";
import type { PortfolioItem } from "@/features/portfolio/data/sample-portfolio";
import { toast } from "@/lib/toast";

type PortfolioWorksProps = { talentId: string; isOwner: boolean };

export function PortfolioWorks({ talentId, isOwner }: PortfolioWorksProps) {
  const worksQuery = usePortfolioWorks(talentId);
  const updateItem = useUpdatePortfolioItem(talentId);
  const [editingId, setEditingId] = useState<string | null>(null);

  if (worksQuery.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <Spinner />
        Loading portfolio...
      </p>
    );
  }
  if (worksQuery.isError) {
    return <p className="text-muted-foreground">The portfolio could not be loaded.</p>;
  }

  const works = worksQuery.data;
  const featured = works.filter((work) => work.featured);
  const editing = works.find((work) => work.id === editingId) ?? null;

  const save = (item: PortfolioItem) => {
    updateItem(item);
    setEditingId(null);
    toast.success("Portfolio item updated");
  };

  const renderGrid = (items: PortfolioItem[]) => (
    <ul className="grid gap-4 md:grid-cols-2">
      {items.map((item) => (
        <li key={item.id}>
          <PortfolioItemCard
            item={item}
            isOwner={isOwner}
            onEdit={() => setEditingId(item.id)}
            onToggleFeatured={(isFeatured) => updateItem({ ...item, featured: isFeatured })}
          />
        </li>
      ))}
    </ul>
  );

  return (
    <div className="grid gap-6">
      {isOwner ? (
        <div>
          <Button asChild variant="outline">
            <a href={PLATFORM.url} target="_blank" rel="noopener noreferrer">
              <ExternalLinkIcon aria-hidden="true" />
              Connect to {PLATFORM.name}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
        </div>
      ) : null}
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
        {works.length === 0 ? (
          <p className="text-sm text-muted-foreground">No works yet.</p>
        ) : (
          renderGrid(works)
        )}
      </section>
      {editing ? (
        <EditPortfolioItemDialog
          item={editing}
          open
          onOpenChange={(open) => {
            if (!open) setEditingId(null);
          }}
          onSave={save}
        />
      ) : null}
    </div>
  );
}
