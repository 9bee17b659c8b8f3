import type { LucideIcon } from "lucide-react";
import { Link } from "react-router-dom";
import { Card } from "@/components/ui/card";

/** What a card shows for a figure the app cannot compute yet: a dash and a note, never a made-up 0. */
export const NO_FIGURE_YET = "—";

type StatCardProps = {
  label: string;
  value: string | number;
  icon?: LucideIcon;
  hint?: string;
  /** The list behind the figure: the figure links to it. */
  href?: string;
};

/** A headline number on a dashboard; the label is the card's heading so screen readers can jump between them. */
export function StatCard({ label, value, icon: Icon, hint, href }: StatCardProps) {
  return (
    <Card className="p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
        {Icon ? <Icon className="size-4 text-muted-foreground" aria-hidden="true" /> : null}
      </div>
      <p className="mt-2 text-2xl font-bold">
        {href ? (
          <Link
            to={href}
            className="text-primary underline-offset-4 hover:underline"
            aria-label={`${value} ${label}`}
          >
            {value}
          </Link>
        ) : (
          value
        )}
      </p>
      {hint ? <p className="mt-1 text-xs text-muted-foreground">{hint}</p> : null}
    </Card>
  );
}
