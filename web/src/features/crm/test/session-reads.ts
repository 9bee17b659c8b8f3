import type { StudioSession } from "@/features/crm/api/crm-types";

/**
 * A session as a read that embeds its room's name and its team answers it
 * (`room:studio_rooms(name),team:crm_contacts!studio_session_talent(id,first_name,last_name)`).
 */
export function withRoomAndTeam(
  session: StudioSession,
  rooms: readonly { id: string; name: string }[],
  team: readonly { id: string; first_name: string; last_name: string }[] = [],
) {
  const room = rooms.find((r) => r.id === session.room_id);
  return {
    ...session,
    room: room ? { name: room.name } : null,
    team: team.map(({ id, first_name, last_name }) => ({ id, first_name, last_name })),
  };
}

/** The `select` a session list sends: every column, the room's name and the team's names. */
export const SESSION_SELECT =
  "*,room:studio_rooms(name),team:crm_contacts!studio_session_talent(id,first_name,last_name)";
