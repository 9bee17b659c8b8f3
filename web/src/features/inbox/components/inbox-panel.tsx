import { CheckCheck, Inbox, RotateCcw } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadingStatus } from "@/components/ui/loading-status";
import { type InboxRow, isHandled, sortNewestFirst } from "@/features/inbox/utils/inbox-items";
import { describeApiError } from "@/lib/api-errors";
import { formatRelativeTime } from "@/lib/format";
import { cn } from "@/lib/utils";

/** The slice of a ts-rest query result the panel reads, so every form's list fits one component. */
type ListQuery = {
  isPending: boolean;
  error: unknown;
  data?: { status: number; body: unknown } | undefined;
};

type InboxPanelProps<T extends InboxRow> = {
  /** Plural noun for headings and messages, e.g. "messages". */
  noun: string;
  query: ListQuery;
  summarize(row: T): { title: string; subtitle: string };
  renderDetail(row: T): ReactNode;
  onSetHandled(row: T, handled: boolean): void;
};

function readRows<T>(query: ListQuery): T[] | null {
  if (query.data?.status !== 200 || !Array.isArray(query.data.body)) return null;
  return query.data.body as T[];
}

export function InboxPanel<T extends InboxRow>({
  noun,
  query,
  summarize,
  renderDetail,
  onSetHandled,
}: InboxPanelProps<T>) {
  const [selectedId, setSelectedId] = useState<string | null>(null);

  if (query.isPending) {
    return <LoadingStatus>Loading {noun}...</LoadingStatus>;
  }
  const fetched = readRows<T>(query);
  if (!fetched) {
    return (
      <p role="alert" className="text-error-text">
        Failed to load {noun}. {describeApiError(query.error ?? query.data)}
      </p>
    );
  }
  const rows = sortNewestFirst(fetched);
  if (rows.length === 0) {
    return (
      <EmptyState
        icon={Inbox}
        title={`No ${noun} yet`}
        description="New submissions from the website appear here."
      />
    );
  }
  const selected = rows.find((row) => row.id === selectedId) ?? rows[0];

  return (
    <div className="grid items-start gap-4 lg:grid-cols-[20rem_1fr]">
      <ul className="grid gap-1" aria-label={`${noun}, newest first`}>
        {rows.map((row) => {
          const { title, subtitle } = summarize(row);
          const isSelected = row.id === selected?.id;
          return (
            <li key={row.id}>
              <button
                type="button"
                aria-current={isSelected ? "true" : undefined}
                onClick={() => setSelectedId(row.id)}
                className={cn(
                  "grid w-full gap-0.5 rounded-md border p-3 text-left text-sm hover:bg-accent focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring",
                  isSelected && "border-primary bg-accent",
                  isHandled(row) && "opacity-70",
                )}
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate font-medium">{title}</span>
                  {isHandled(row) ? (
                    <Badge variant="green">Handled</Badge>
                  ) : (
                    <Badge variant="yellow">Open</Badge>
                  )}
                </span>
                <span className="truncate text-muted-foreground">{subtitle}</span>
                <span className="text-xs text-muted-foreground">{formatRelativeTime(row.created_at)}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {selected ? (
        <Card className="grid gap-4 p-4" role="region" aria-label={`Details: ${summarize(selected).title}`}>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div>
              <h2 className="text-lg font-semibold">{summarize(selected).title}</h2>
              <p className="text-sm text-muted-foreground">
                Received {formatRelativeTime(selected.created_at)}
                {selected.handled_at ? ` · handled ${formatRelativeTime(selected.handled_at)}` : ""}
              </p>
            </div>
            {isHandled(selected) ? (
              <Button variant="outline" size="sm" onClick={() => onSetHandled(selected, false)}>
                <RotateCcw aria-hidden="true" />
                Reopen
              </Button>
            ) : (
              <Button size="sm" onClick={() => onSetHandled(selected, true)}>
                <CheckCheck aria-hidden="true" />
                Mark as handled
              </Button>
            )}
          </div>
          {renderDetail(selected)}
        </Card>
      ) : null}
    </div>
  );
}
