import { Pencil, Trash2 } from "lucide-react";
import { useId } from "react";
import { ExternalLink } from "@/components/layout/external-link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { LimitedBadges } from "@/components/ui/limited-badges";
import { Switch } from "@/components/ui/switch";
import type { PortfolioItem } from "@/features/portfolio/api/list-portfolio-works";
import { mediaUrl } from "@/features/portfolio/api/work-media";
import { DISPLAY_LIMITS, limitItems } from "@/lib/display-limit";
import { renderedImage } from "@/lib/rendered-image";
import { safeHref } from "@/lib/safe-href";

type PortfolioItemCardProps = {
  item: PortfolioItem;
  /** Edit, delete and the featured toggle are for the portfolio's owner only. */
  isOwner: boolean;
  /** A save of this work is under way: the toggle waits for it (its next save needs the new version). */
  isSaving?: boolean;
  onEdit(): void;
  onDelete(): void;
  onToggleFeatured(featured: boolean): void;
};

/** The cover thumbnail is 4rem square: rendered for 1×, 2× and 3× screens. */
const COVER_WIDTHS = [64, 128, 192];

const CODES = [
  ["ISRC", "isrc"],
  ["UPC", "upc"],
  ["ISWC", "iswc"],
] as const;

export function PortfolioItemCard(props: PortfolioItemCardProps) {
  const { item, isOwner, isSaving = false, onEdit, onDelete, onToggleFeatured } = props;
  const featuredId = useId();
  const links = limitItems(item.external_links, DISPLAY_LIMITS.externalLinks);
  const codes = CODES.flatMap(([label, key]) => (item[key] ? [[label, item[key]] as const] : []));
  return (
    <Card className="flex h-full flex-col gap-3 p-4">
      <article aria-labelledby={`${featuredId}-title`} className="flex flex-1 flex-col gap-3">
        <div className="flex items-start gap-3">
          {item.cover_path ? (
            <img
              {...renderedImage(mediaUrl(item.cover_path), COVER_WIDTHS, "4rem")}
              alt={`Cover of ${item.title}`}
              loading="lazy"
              className="size-16 shrink-0 rounded-md border bg-muted object-contain"
            />
          ) : null}
          <div className="min-w-0 flex-1">
            <h4 id={`${featuredId}-title`} className="font-semibold break-words">
              {item.title}
            </h4>
            <p className="text-sm text-muted-foreground">
              {item.year} · {item.role}
            </p>
          </div>
          <Badge variant={item.status === "Released" ? "green" : "blue"}>{item.status}</Badge>
        </div>
        {item.audio_path ? (
          // biome-ignore lint/a11y/useMediaCaption: a music preview has no words to caption
          <audio
            controls
            preload="none"
            src={mediaUrl(item.audio_path)}
            aria-label={`Preview: ${item.title}`}
            className="w-full"
          />
        ) : null}
        {item.description ? <p className="text-sm">{item.description}</p> : null}
        <LimitedBadges items={item.tags} limit={DISPLAY_LIMITS.tags} noun="tags" />
        {codes.length > 0 ? (
          <dl className="flex flex-wrap gap-x-4 text-xs text-muted-foreground">
            {codes.map(([label, value]) => (
              <div key={label} className="flex gap-1">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {links.visible.length > 0 ? (
          <ul className="flex flex-wrap gap-3 text-sm" aria-label="Listen on">
            {links.visible.map((link) => (
              <li key={link.url}>
                <WorkLink {...link} />
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
                disabled={isSaving}
                onCheckedChange={onToggleFeatured}
                aria-label={`Featured: ${item.title}`}
              />
              <Label htmlFor={featuredId}>Featured</Label>
            </div>
            <div className="flex gap-1">
              <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Edit ${item.title}`}>
                <Pencil aria-hidden="true" />
                Edit
              </Button>
              <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete ${item.title}`}>
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            </div>
          </div>
        ) : null}
      </article>
    </Card>
  );
}

/** A link to where the work can be heard; one that is not a web address (stored before the rule) is named, never followed. */
function WorkLink({ platform, url }: { platform: string; url: string }) {
  const href = safeHref(url);
  if (!href) return <span className="text-muted-foreground">{platform}</span>;
  return (
    <ExternalLink href={href} className="text-primary hover:underline">
      {platform}
    </ExternalLink>
  );
}
