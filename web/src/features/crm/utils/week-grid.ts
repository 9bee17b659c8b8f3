import type { SessionView } from "@/features/crm/api/studio-sessions";
import { sessionsOnDay } from "@/features/crm/utils/day-sessions";

export type WeekRow = { roomId: string; roomName: string; days: SessionView[][] };

/**
 * The week view's rows: one per room (active rooms, and any inactive room that still has a session this
 * week), each with the sessions touching each Stockholm day, in start order.
 */
export function weekGrid(
  rooms: readonly { id: string; name: string; active: boolean }[],
  sessions: readonly SessionView[],
  days: readonly string[],
): WeekRow[] {
  const booked = new Set(sessions.map((session) => session.room_id));
  return rooms
    .filter((room) => room.active || booked.has(room.id))
    .map((room) => {
      const inRoom = sessions.filter((session) => session.room_id === room.id);
      return {
        roomId: room.id,
        roomName: room.name,
        days: days.map((day) => sessionsOnDay(inRoom, day)),
      };
    });
}
