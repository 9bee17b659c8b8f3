import { dayBounds, stockholmDay } from "@app/contracts/stockholm-time";
import { useQuery } from "@tanstack/react-query";
import { crmQueryKey } from "@/lib/query-keys";
import { readTable } from "@/lib/read-table";

export type TodaySession = {
  id: string;
  title: string;
  starts_at: string;
  ends_at: string;
  status: string;
  roomName: string;
};

/** A day's sessions at most; the studio has a handful of rooms. */
const DAY_LIMIT = 100;

/** Under the CRM's key, so booking, moving or cancelling a session refreshes the dashboard too. */
const todaySessionsKey = (day: string) => [...crmQueryKey, "studio_sessions", "today", day] as const;

/** Today's sessions (Stockholm's today, not the browser's), not cancelled, with their rooms' names. */
export function useTodaySessions(now: number = Date.now()) {
  const day = stockholmDay(now);
  const { from, to } = dayBounds(day);
  return useQuery({
    queryKey: todaySessionsKey(day),
    queryFn: async ({ signal }): Promise<TodaySession[]> => {
      const { rows: sessions } = await readTable(
        "studio_sessions",
        {
          select: ["id", "title", "starts_at", "ends_at", "status", "room_id"],
          filters: { status: "neq.cancelled", starts_at: `lt.${to}`, ends_at: `gt.${from}` },
          order: ["starts_at.asc"],
          range: { limit: DAY_LIMIT },
        },
        signal,
      );
      const roomIds = [...new Set(sessions.map((session) => session.room_id))];
      const { rows: rooms } =
        roomIds.length === 0
          ? { rows: [] }
          : await readTable(
              "studio_rooms",
              { select: ["id", "name"], filters: { id: `in.(${roomIds.join(",")})` } },
              signal,
            );
      const names = new Map(rooms.map((room) => [room.id, room.name]));
      return sessions.map(({ room_id, ...session }) => ({ ...session, roomName: names.get(room_id) ?? "" }));
    },
    meta: { errorMessage: "Failed to load today's sessions" },
  });
}
