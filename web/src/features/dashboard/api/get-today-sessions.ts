import { dayBounds, stockholmDay } from "@app/contracts/stockholm-time";
import { useQuery } from "@tanstack/react-query";
import { tsr } from "@/lib/api-client";
import { expectSuccess, readRows } from "@/lib/postgrest";
import { crmQueryKey } from "@/lib/query-keys";

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
      const sessions = readRows<Omit<TodaySession, "roomName"> & { room_id: string }>(
        expectSuccess(
          await tsr.tables.studio_sessions.list.query({
            query: {
              select: "id,title,starts_at,ends_at,status,room_id",
              status: "neq.cancelled",
              starts_at: `lt.${to}`,
              ends_at: `gt.${from}`,
              order: "starts_at.asc",
              limit: String(DAY_LIMIT),
            },
            headers: {},
            fetchOptions: { signal },
          }),
        ),
      ).rows;
      const roomIds = [...new Set(sessions.map((session) => session.room_id))];
      const rooms =
        roomIds.length === 0
          ? []
          : readRows<{ id: string; name: string }>(
              expectSuccess(
                await tsr.tables.studio_rooms.list.query({
                  query: { select: "id,name", id: `in.(${roomIds.join(",")})` },
                  headers: {},
                  fetchOptions: { signal },
                }),
              ),
            ).rows;
      const names = new Map(rooms.map((room) => [room.id, room.name]));
      return sessions.map(({ room_id, ...session }) => ({ ...session, roomName: names.get(room_id) ?? "" }));
    },
    meta: { errorMessage: "Failed to load today's sessions" },
  });
}
