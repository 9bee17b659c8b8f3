import {
  type AppRoleName,
  TEAM_ACTIVITY_PAGE_SIZE,
  type TeamActivityAction,
  type TeamActivityEntry,
  teamActivityActions,
} from "@app/contracts";
import type { Db } from "../../db/database";
import type { AuditLogRow } from "../../db/schema";
import { listAuditRows } from "./repository";

type Detail = Record<string, unknown>;

const roleIn = (value: unknown): AppRoleName | null =>
  value === "admin" || value === "staff" ? value : null;
const textIn = (value: unknown): string | null => (typeof value === "string" ? value : null);

function parseDetail(text: string): Detail {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" ? (parsed as Detail) : {};
  } catch {
    return {};
  }
}

/**
 * An audit row as the Activity screen reads it. An administrator's change names them as the row's
 * user and the person acted on in `detail`; an accepted invitation is the invitee's own row. The IP
 * address, user agent and session counts stay in the log.
 */
function toTeamActivityEntry(row: AuditLogRow): TeamActivityEntry {
  const action = row.action as TeamActivityAction;
  const detail = parseDetail(row.detail);
  const isOwnAction = action === "invite_accepted";
  const entry: TeamActivityEntry = {
    id: row.id,
    action,
    actor_email: isOwnAction || detail.by === "admin" ? row.email : null,
    target_email: isOwnAction ? row.email : textIn(detail.target_email),
    created_at: row.created_at,
  };
  if (action === "user_invited" || action === "user_created") entry.role = roleIn(detail.role);
  if (action === "role_changed") {
    entry.from_role = roleIn(detail.from);
    entry.to_role = roleIn(detail.to);
  }
  if (action === "factor_removed") entry.factor_name = textIn(detail.friendly_name);
  return entry;
}

/** Team changes, newest first, a page at a time. */
export async function listTeamActivity(db: Db, page: number) {
  const { rows, total } = await listAuditRows(db, {
    actions: teamActivityActions,
    limit: TEAM_ACTIVITY_PAGE_SIZE,
    offset: (page - 1) * TEAM_ACTIVITY_PAGE_SIZE,
  });
  return { entries: rows.map(toTeamActivityEntry), total };
}
