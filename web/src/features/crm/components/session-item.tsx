import { stockholmTime } from "@app/contracts/stockholm-time";
import type { SessionView } from "@/features/crm/api/studio-sessions";
import { SessionStatusBadge } from "@/features/crm/components/session-status-badge";
import { cn } from "@/lib/utils";

type SessionItemProps = {
  session: SessionView;
  onOpen(session: SessionView): void;
  /** The day view names the room on each session; the week view has it as the row's heading. */
  showRoom?: boolean;
};

/** One session in a calendar, as a button that opens it for editing: title, Stockholm times, status, team. */
export function SessionItem({ session, onOpen, showRoom = false }: SessionItemProps) {
  return (
    <button
      type="button"
      onClick={() => onOpen(session)}
      className={cn(
        "grid w-full min-w-0 justify-items-start gap-1 rounded-md border bg-muted p-2 text-left hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring",
        session.status === "cancelled" && "line-through opacity-80",
      )}
    >
      <span className="font-medium break-words">{session.title}</span>
      <span className="text-muted-foreground">
        {stockholmTime(session.starts_at)}–{stockholmTime(session.ends_at)}
      </span>
      {showRoom ? <span className="break-words">{session.roomName}</span> : null}
      <SessionStatusBadge status={session.status} />
      {session.team.length > 0 ? (
        <span className="text-xs text-muted-foreground break-words">
          {session.team.map((member) => member.name).join(", ")}
        </span>
      ) : null}
    </button>
  );
}
