import { Pencil } from "lucide-react";
import { useId } from "react";
import { ExternalLink } from "@/components/layout/external-link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { LimitedBadges } from "@/components/ui/limited-badges";
import { Switch } from "@/components/ui/switch";
import type { PortfolioItem } from "@/features/portfolio/data/sample-portfolio";
import { DISPLAY_LIMITS, limitItems } from "@/lib/display-limit";

type PortfolioItemCardProps = {
  item: PortfolioItem;
  /** Spec §6: edit and featured controls are for the portfolio's owner only. */
  isOwner: boolean;
  onEdit(): void;
  onToggleFeatured(featured: boolean): void;
};

export function PortfolioItemCard({ item, isOwner, onEdit, onToggleFeatured }: PortfolioItemCardProps) {
  const featuredId = useId();
  const links = limitItems(item.external_links, DISPLAY_LIMITS.externalLinks);
  return (
    <Card className="flex h-full flex-col gap-3 p-4">
      <article aria-labelledby={`${featuredId}-title`} className="flex flex-1 flex-col gap-3">
        <div className="flex items-start justify-between gap-2">
          <div>
            <h4 id={`${featuredId}-title`} className="font-semibold">
              {item.title}
            </h4>
            <p className="text-sm text-muted-foreground">
              {item.year} · {item.role}
            </p>
          </div>
          <Badge variant={item.status === "Released" ? "green" : "blue"}>{item.status}</Badge>
        </div>
        <p className="text-sm">{item.description}</p>
        <LimitedBadges items={item.tags} limit={DISPLAY_LIMITS.tags} noun="tags" />
        {item.isrc || item.upc ? (
          <dl className="flex flex-wrap gap-x-4 text-xs text-muted-foreground">
            {item.isrc ? (
              <div className="flex gap-1">
                <dt>ISRC</dt>
                <dd>{item.isrc}</dd>
              </div>
            ) : null}
            {item.upc ? (
              <div className="flex gap-1">
                <dt>UPC</dt>
                <dd>{item.upc}</dd>
              </div>
            ) : null}
          </dl>
        ) : null}
        {links.visible.length > 0 ? (
          <ul className="flex flex-wrap gap-3 text-sm" aria-label="Listen on">
            {links.visible.map((link) => (
              <li key={link.url}>
                <ExternalLink href={link.url} className="text-primary hover:underline">
                  {link.platform}
                </ExternalLink>
              </li>
            ))}
            {links.hiddenCount > 0 ? (
              <li className="text-muted-foreground">
                +{links.hiddenCount}
                <span className="sr-only"> more links</span>
              </li>
            ) : null}
          </ul>
        ) : null}
        {isOwner ? (
          <div className="mt-auto flex items-center justify-between gap-2 border-t pt-3">
            <div className="flex items-center gap-2">
              <Switch
                id={featuredId}
                checked={item.featured}
                onCheckedChange={onToggleFeatured}
                aria-label={`Featured: ${item.title}`}
              />
              <Label htmlFor={featuredId}>Featured</Label>
            </div>
            <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Edit ${item.title}`}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
          </div>
        ) : null}
      </article>
    </Card>
  );
}
