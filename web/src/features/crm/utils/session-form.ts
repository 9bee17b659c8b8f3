import { bookStudioSessionSchema, type SessionStatus } from "@app/contracts";
import { fromStockholmLocal, toStockholmLocal } from "@app/contracts/stockholm-time";
import type { SessionView, TeamMember } from "@/features/crm/api/studio-sessions";
import { nullIfBlank, textOf } from "@/lib/form-values";

export const SESSION_STATUS_LABELS: Record<SessionStatus, string> = {
  tentative: "Tentative",
  confirmed: "Confirmed",
  cancelled: "Cancelled",
  completed: "Completed",
};

/** Start and end are Stockholm wall-clock times as a datetime-local input holds them. */
export type SessionFormValues = {
  title: string;
  room_id: string;
  starts_at: string;
  ends_at: string;
  status: SessionStatus;
  brief_id: string;
  notes: string;
  team: TeamMember[];
};

export function toSessionFormValues(
  session?: SessionView | null,
  preset: { team?: TeamMember[]; starts_at?: string; ends_at?: string } = {},
): SessionFormValues {
  return {
    title: textOf(session?.title),
    room_id: textOf(session?.room_id),
    starts_at: session ? toStockholmLocal(session.starts_at) : (preset.starts_at ?? ""),
    ends_at: session ? toStockholmLocal(session.ends_at) : (preset.ends_at ?? ""),
    status: session?.status ?? "tentative",
    brief_id: textOf(session?.brief_id),
    notes: textOf(session?.notes),
    team: session?.team ?? preset.team ?? [],
  };
}

/** A typed Stockholm time as an instant; blank or unreadable stays undefined, so the schema says "Required". */
const instantOf = (local: string) => fromStockholmLocal(local.trim()) || (local.trim() ? local : undefined);

export function toSessionPayload(values: SessionFormValues): Record<string, unknown> {
  return {
    title: values.title.trim(),
    room_id: values.room_id || undefined,
    starts_at: instantOf(values.starts_at),
    ends_at: instantOf(values.ends_at),
    status: values.status,
    brief_id: nullIfBlank(values.brief_id),
    notes: nullIfBlank(values.notes),
    contact_ids: values.team.map((member) => member.id),
  };
}

/** The booking call's own schema (the server runs the same): times in order, a title, a room. */
export const sessionFormSchema = bookStudioSessionSchema;

/** Who joins and who leaves a session's team in an edit. */
export function teamChanges(before: readonly TeamMember[], after: readonly string[]) {
  const was = new Set(before.map((member) => member.id));
  const is = new Set(after);
  return { add: after.filter((id) => !was.has(id)), remove: [...was].filter((id) => !is.has(id)) };
}
