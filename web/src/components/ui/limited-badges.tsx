import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { limitItems } from "@/lib/display-limit";
import { cn } from "@/lib/utils";

type LimitedBadgesProps = {
  items: readonly string[];
  /** One of DISPLAY_LIMITS: how many of this kind of list are shown before "+N". */
  limit: number;
  /** What the items are, for the "+N" badge's spoken label ("2 more tags"). */
  noun: string;
  variant?: BadgeVariant;
  className?: string;
};

/** The first `limit` items as badges and a "+N" badge for the rest. */
export function LimitedBadges({ items, limit, noun, variant = "neutral", className }: LimitedBadgesProps) {
  const { visible, hiddenCount } = limitItems(items, limit);
  if (items.length === 0) return null;
  return (
    <ul className={cn("flex flex-wrap gap-1", className)} aria-label={noun}>
      {visible.map((item) => (
        <li key={item}>
          <Badge variant={variant} className="normal-case!">
            {item}
          </Badge>
        </li>
      ))}
      {hiddenCount > 0 ? (
        <li>
          <Badge variant="neutral" className="normal-case!" title={items.slice(limit).join(", ")}>
            <span aria-hidden="true">+{hiddenCount}</span>
            <span className="sr-only">
              {hiddenCount} more {noun}
            </span>
          </Badge>
        </li>
      ) : null}
    </ul>
  );
}
