import { TEAM_ACTIVITY_PAGE_SIZE } from "@app/contracts";
import { History } from "lucide-react";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadingStatus } from "@/components/ui/loading-status";
import { Pager } from "@/components/ui/pager";
import { useTeamActivity } from "@/features/crm/api/list-team-activity";
import { describeTeamActivity, teamActorName } from "@/features/crm/utils/describe-team-activity";
import { formatDateTime, formatRelativeTime } from "@/lib/format";

type TeamActivityListProps = {
  page: number;
  currentUserEmail: string | null;
  onPageChange(page: number): void;
};

/** The Activity screen's team changes (invitations, roles, bans, removed factors), for administrators. */
export function TeamActivityList({ page, currentUserEmail, onPageChange }: TeamActivityListProps) {
  const activity = useTeamActivity({ page, enabled: true });
  const entries = activity.data?.entries ?? [];

  if (activity.isPending) {
    return <LoadingStatus>Loading activity...</LoadingStatus>;
  }
  if (activity.isError && !activity.data) {
    return (
      <p role="alert" className="text-error-text">
        Failed to load the team's activity.
      </p>
    );
  }
  if (entries.length === 0) {
    return (
      <EmptyState
        icon={History}
        title="No activity found"
        description="Invitations, role changes, bans and removed second factors appear here."
      />
    );
  }
  return (
    <Card className="grid gap-2 p-2" aria-busy={activity.isFetching || undefined}>
      <Pager
        page={page}
        pageSize={TEAM_ACTIVITY_PAGE_SIZE}
        rowsOnPage={entries.length}
        total={activity.data?.total ?? 0}
        label="activity"
        onPageChange={onPageChange}
      />
      <ol className="grid gap-3 px-3 pb-3" aria-label="Activity">
        {entries.map((entry) => (
          <li key={entry.id} className="grid gap-1 border-l-2 border-border pl-3">
            <p className="text-sm font-medium wrap-anywhere">{describeTeamActivity(entry)}</p>
            <p className="text-xs text-muted-foreground wrap-anywhere">
              {teamActorName(entry, currentUserEmail)} ·{" "}
              <time dateTime={entry.created_at} title={formatDateTime(entry.created_at)}>
                {formatRelativeTime(entry.created_at)}
              </time>
            </p>
          </li>
        ))}
      </ol>
    </Card>
  );
}
