import type { BookStudioSession } from "@app/contracts";
import { dayBounds } from "@app/contracts/stockholm-time";
import { useMutation, useQuery } from "@tanstack/react-query";
import { CRM_WRITE_INVALIDATES, crmKeys } from "@/features/crm/api/crm-keys";
import type { StudioSession } from "@/features/crm/api/crm-types";
import { formatContactName } from "@/features/crm/utils/names";
import { tsr } from "@/lib/api-client";
import { expectSuccess, type RowsAnswer } from "@/lib/postgrest";
import { countRows, type Filters, type ReadOptions, readTable } from "@/lib/read-table";
import { insertRow, updateRow } from "@/lib/table-writes";

export type TeamMember = { id: string; name: string };
/** A session with its room's name and its team's names, as the calendar and the list show it. */
export type SessionView = StudioSession & { roomName: string; team: TeamMember[] };

/** The list tab's page size. */
export const SESSION_PAGE_SIZE = 25;
/** The most sessions one calendar page (a day, a week or a month) shows: the table's own cap on a read. */
const CALENDAR_LIMIT = 500;

export function useStudioRooms() {
  const query = { order: ["name.asc"], range: { limit: 200 } } satisfies ReadOptions<"studio_rooms">;
  return useQuery({
    queryKey: crmKeys.list("studio_rooms", query),
    queryFn: async ({ signal }) => (await readTable("studio_rooms", query, signal)).rows,
    meta: { errorMessage: "Failed to load the rooms" },
  });
}

/**
 * How a session read brings its room's name and its team's names along (the team through the join
 * table, in name order): one request however many sessions, rather than a read per related table.
 */
const ROOM_AND_TEAM = [
  "room:studio_rooms(name)",
  "team:crm_contacts!studio_session_talent(id,first_name,last_name)",
] as const;

/** A session as a read with ROOM_AND_TEAM answers it. */
type SessionRead = StudioSession & {
  room: { name: string } | null;
  team: { id: string; first_name: string; last_name: string }[];
};

const toView = ({ room, team, ...session }: SessionRead): SessionView => ({
  ...session,
  roomName: room?.name ?? "Unknown room",
  team: team.map((person) => ({ id: person.id, name: formatContactName(person) })),
});

/** Sessions with their rooms and teams: one request for the page, shaped as the screens show them. */
async function readSessions(query: ReadOptions<"studio_sessions">, signal?: AbortSignal) {
  const answer = (await readTable(
    "studio_sessions",
    { ...query, embed: ROOM_AND_TEAM },
    signal,
  )) as RowsAnswer<SessionRead>;
  return { rows: answer.rows.map(toView), total: answer.total };
}

/** Sessions that overlap [from, to): a session running over midnight shows on both days. */
const overlappingQuery = (
  from: string,
  to: string,
  { filters, limit }: { filters?: Filters<"studio_sessions">; limit: number },
) =>
  ({
    filters: { starts_at: `lt.${to}`, ends_at: `gt.${from}`, ...filters },
    order: ["starts_at.asc"],
    range: { limit },
  }) satisfies ReadOptions<"studio_sessions">;

/** The sessions touching Stockholm days first to last (a calendar's day, week or month), with rooms and teams. */
export function useCalendarSessions(first: string, last: string) {
  const query = overlappingQuery(dayBounds(first).from, dayBounds(last).to, { limit: CALENDAR_LIMIT });
  return useQuery({
    queryKey: crmKeys.list("studio_sessions", query),
    queryFn: async ({ signal }) => (await readSessions(query, signal)).rows,
    meta: { errorMessage: "Failed to load the sessions" },
  });
}

/** A page of every session, the latest first. */
export function useSessionPage(page: number) {
  const query = {
    order: ["starts_at.desc"],
    range: { limit: SESSION_PAGE_SIZE, offset: (page - 1) * SESSION_PAGE_SIZE },
  } satisfies ReadOptions<"studio_sessions">;
  return useQuery({
    queryKey: crmKeys.list("studio_sessions", query),
    queryFn: ({ signal }) => readSessions(query, signal),
    meta: { errorMessage: "Failed to load the sessions" },
  });
}

/** How many sessions exist at all: none means the screen shows its empty state. */
export function useSessionCount() {
  return useQuery({
    queryKey: crmKeys.list("studio_sessions", { count: true }),
    queryFn: ({ signal }) => countRows("studio_sessions", {}, signal),
    meta: { errorMessage: "Failed to load the sessions" },
  });
}

/** Non-cancelled sessions starting within the window (the A&R dashboard's next 7 days). */
export function useUpcomingSessions(from: string, to: string) {
  const query = {
    filters: { status: "neq.cancelled", and: `(starts_at.gte.${from},starts_at.lt.${to})` },
    order: ["starts_at.asc"],
    range: { limit: 10 },
  } satisfies ReadOptions<"studio_sessions">;
  return useQuery({
    queryKey: crmKeys.list("studio_sessions", query),
    queryFn: ({ signal }) => readSessions(query, signal),
    meta: { errorMessage: "Failed to load the upcoming sessions" },
  });
}

export type Clash = { sessionId: string; who: string; title: string; starts_at: string; ends_at: string };

/**
 * What a booking would clash with, before it is saved: other sessions (not cancelled) that overlap the
 * times and hold the room or anyone on the team. The server checks again when it saves.
 */
export function useSessionClashes(booking: {
  roomId: string;
  startsAt: string;
  endsAt: string;
  contactIds: readonly string[];
  exceptId?: string;
}) {
  const { roomId, startsAt, endsAt, contactIds, exceptId } = booking;
  const isComplete = Boolean(startsAt && endsAt && Date.parse(endsAt) > Date.parse(startsAt));
  const query = overlappingQuery(startsAt, endsAt, {
    filters: { status: "neq.cancelled", ...(exceptId ? { id: `neq.${exceptId}` } : {}) },
    limit: 100,
  });
  const team = [...contactIds].sort();
  return useQuery({
    queryKey: crmKeys.list("studio_sessions", { clashes: query, roomId, team }),
    enabled: isComplete && (Boolean(roomId) || team.length > 0),
    queryFn: async ({ signal }): Promise<Clash[]> => {
      const { rows: sessions } = await readSessions(query, signal);
      const clashes: Clash[] = [];
      for (const session of sessions) {
        const at = {
          sessionId: session.id,
          title: session.title,
          starts_at: session.starts_at,
          ends_at: session.ends_at,
        };
        if (session.room_id === roomId) clashes.push({ ...at, who: session.roomName });
        for (const member of session.team) {
          if (team.includes(member.id)) clashes.push({ ...at, who: member.name });
        }
      }
      return clashes;
    },
    meta: { errorMessage: "Failed to check for clashes" },
  });
}

/** A new session and its team in one call: a clash on anyone saves nothing (409). */
export function useBookSession() {
  return useMutation({
    mutationFn: async (booking: BookStudioSession) => {
      const response = await tsr.studio.bookStudioSession.mutate({ body: booking, headers: {} });
      if (response.status !== 200) throw response;
      return response.body;
    },
    meta: { successMessage: "Session booked", invalidates: CRM_WRITE_INVALIDATES },
  });
}

export type SessionEdit = {
  session: StudioSession;
  changes: Parameters<typeof updateRow<"studio_sessions">>[1]["changes"];
  team: { add: string[]; remove: string[] };
};

/**
 * An edit: the session against the version read, then the team's changes (each checked for clashes by
 * the server). A stale version or a clash stops there and is shown next to the form.
 */
export function useSaveSession() {
  return useMutation({
    mutationFn: async ({ session, changes, team }: SessionEdit) => {
      const saved = await updateRow("studio_sessions", {
        id: session.id,
        version: session.updated_at,
        changes,
      });
      for (const contactId of team.remove) {
        expectSuccess(
          await tsr.tables.studio_session_talent.remove.mutate({
            query: { session_id: `eq.${session.id}`, contact_id: `eq.${contactId}` },
            headers: {},
          }),
        );
      }
      for (const contactId of team.add) {
        await insertRow("studio_session_talent", { session_id: session.id, contact_id: contactId });
      }
      return saved;
    },
    meta: { successMessage: "Session saved", invalidates: CRM_WRITE_INVALIDATES },
  });
}

/** Cancels a session (it then holds neither its room nor its team). */
export function useCancelSession() {
  return useMutation({
    mutationFn: (session: StudioSession) =>
      updateRow("studio_sessions", {
        id: session.id,
        version: session.updated_at,
        changes: { status: "cancelled" },
      }),
    meta: {
      successMessage: "Session cancelled",
      errorMessage: "Could not cancel the session",
      invalidates: CRM_WRITE_INVALIDATES,
    },
  });
}
