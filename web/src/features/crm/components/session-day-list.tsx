import type { SessionView } from "@/features/crm/api/studio-sessions";
import { SessionItem } from "@/features/crm/components/session-item";
import { sessionsOnDay } from "@/features/crm/utils/day-sessions";

type SessionDayListProps = {
  day: string;
  sessions: SessionView[];
  /** The day's heading, which names the list. */
  title: string;
  onOpenSession(session: SessionView): void;
};

/** A Stockholm day's sessions in time order, each with its room, times and team, each opening for editing. */
export function SessionDayList({ day, sessions, title, onOpenSession }: SessionDayListProps) {
  const daySessions = sessionsOnDay(sessions, day);
  if (daySessions.length === 0) return null;
  return (
    <ol aria-label={`Sessions on ${title}`} className="grid max-w-2xl gap-2 text-sm">
      {daySessions.map((session) => (
        <li key={session.id}>
          <SessionItem session={session} onOpen={onOpenSession} showRoom />
        </li>
      ))}
    </ol>
  );
}
