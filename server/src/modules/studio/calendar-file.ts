import type { SessionStatus } from "@app/contracts";
import { SITE_NAME } from "@app/contracts";
import ical, { ICalEventStatus } from "ical-generator";

/** A session as a calendar shows it: times as instants, the room by name. */
export interface CalendarSession {
  id: string;
  title: string;
  starts_at: string | Date;
  ends_at: string | Date;
  status: SessionStatus;
  room_name: string;
  updated_at: string | Date;
}

const STATUS: Record<SessionStatus, ICalEventStatus> = {
  tentative: ICalEventStatus.TENTATIVE,
  confirmed: ICalEventStatus.CONFIRMED,
  // A held session happened as booked.
  completed: ICalEventStatus.CONFIRMED,
  // Kept in the file as cancelled, so a subscribed calendar removes it instead of keeping a stale copy.
  cancelled: ICalEventStatus.CANCELLED,
};

/** How often subscribed calendars should fetch the feed again. */
const REFRESH_SECONDS = 60 * 60;

/**
 * An iCalendar (RFC 5545) file of sessions. Times are written in UTC, which every calendar converts to
 * its reader's zone; the UID is the session's, so a later download or feed fetch updates the same event.
 * Notes and the team are left out: the file may leave the back office.
 */
export function calendarFile(options: {
  name: string;
  host: string;
  sessions: CalendarSession[];
  now: Date;
}) {
  const calendar = ical({
    name: options.name,
    prodId: { company: SITE_NAME, product: "Studio sessions", language: "EN" },
    ttl: REFRESH_SECONDS,
  });
  for (const session of options.sessions) {
    calendar.createEvent({
      id: `${session.id}@${options.host}`,
      summary: session.title,
      start: new Date(session.starts_at),
      end: new Date(session.ends_at),
      location: session.room_name,
      status: STATUS[session.status],
      stamp: options.now,
      lastModified: new Date(session.updated_at),
    });
  }
  return calendar.toString();
}
