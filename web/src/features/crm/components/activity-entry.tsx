import type { ReactNode } from "react";
import type { Activity } from "@/features/crm/api/crm-types";
import { describeActivity } from "@/features/crm/utils/describe-activity";
import { formatDateTime, formatRelativeTime } from "@/lib/format";

type ActivityEntryProps = {
  activity: Activity;
  currentUserId: string | null;
  /** What the row is about, for timelines that mix records (the Activity screen). */
  subject?: ReactNode;
};

/**
 * Who did it, for a timeline: the API knows people by id only, so others are "a colleague" for now; a
 * server-side integration's write (the service_role key) says so.
 */
function actorName(activity: Activity, currentUserId: string | null): string | null {
  if (activity.actor_role === "service_role") return "An integration (service key)";
  if (activity.actor_id === null) return null;
  return activity.actor_id === currentUserId ? "You" : "A colleague";
}

/** One timeline row: what happened, the changed fields (before → after), who and when. */
export function ActivityEntry({ activity, currentUserId, subject }: ActivityEntryProps) {
  const { summary, details } = describeActivity(activity);
  const actor = actorName(activity, currentUserId);
  const isNote = activity.action === "note";
  return (
    <li className="grid gap-1 border-l-2 border-border pl-3">
      <p className="text-sm">
        <span className="font-medium">{summary}</span>
        {subject ? <> · {subject}</> : null}
      </p>
      {details.length > 0 ? (
        <ul className={isNote ? "text-sm whitespace-pre-line" : "text-sm text-muted-foreground"}>
          {details.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      <p className="text-xs text-muted-foreground">
        {actor ? `${actor} · ` : null}
        <time dateTime={activity.created_at} title={formatDateTime(activity.created_at)}>
          {formatRelativeTime(activity.created_at)}
        </time>
      </p>
    </li>
  );
}
