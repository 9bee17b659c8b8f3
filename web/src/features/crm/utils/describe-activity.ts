import type { Activity } from "@/features/crm/api/crm-types";
import { BRIEF_STATUS_LABELS, DEAL_STAGE_LABELS } from "@/features/crm/utils/board-columns";
import { formatSek } from "@/lib/format";

/** How each column is named on a timeline. */
const FIELD_LABELS: Record<string, string> = {
  first_name: "first name",
  last_name: "last name",
  stage_name: "stage name",
  reliability_score: "reliability score",
  pro_society: "society",
  ipi: "IPI",
  company_id: "company",
  contact_id: "contact",
  owner_id: "owner",
  value_sek: "value",
  budget_sek: "budget",
  expected_close_on: "expected close",
  due_on: "due date",
  org_number: "organisation number",
};

export const RECORD_TYPE_LABELS: Record<string, { one: string; many: string }> = {
  crm_contacts: { one: "contact", many: "Contacts and talent" },
  crm_companies: { one: "company", many: "Companies" },
  crm_deals: { one: "deal", many: "Deals" },
  crm_briefs: { one: "brief", many: "Briefs" },
  crm_brief_talent: { one: "talent on a brief", many: "Talent on briefs" },
  studio_sessions: { one: "session", many: "Sessions" },
  studio_session_talent: { one: "talent in a session", many: "Session teams" },
};

const STATE_LABELS: Record<string, Record<string, string>> = {
  stage: DEAL_STAGE_LABELS,
  status: BRIEF_STATUS_LABELS,
};

const fieldLabel = (field: string) => FIELD_LABELS[field] ?? field.replaceAll("_", " ");

/** A value as a person reads it; links to other records say only that they changed. */
function formatChangeValue(field: string, value: unknown): string | null {
  if (field.endsWith("_id")) return null;
  if (value === null || value === undefined || value === "") return "empty";
  if (STATE_LABELS[field] && typeof value === "string") return STATE_LABELS[field][value] ?? value;
  if (field.endsWith("_sek") && typeof value === "number") return formatSek(value);
  if (Array.isArray(value)) return value.length === 0 ? "none" : value.join(", ");
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    return entries.length === 0 ? "none" : entries.map(([key, v]) => `${key} ${v}/10`).join(", ");
  }
  return String(value);
}

export type ActivityDescription = {
  summary: string;
  /** "value: SEK 10,000 → SEK 12,000", one per changed field. */
  details: string[];
};

/** What a timeline row says: "Moved from Prospect to Won", "Updated value and notes", a note's text. */
export function describeActivity(
  activity: Pick<Activity, "action" | "changes" | "note">,
): ActivityDescription {
  const changes = Object.entries(activity.changes ?? {});
  const detail = ([field, change]: [string, { from?: unknown; to?: unknown }]) => {
    const from = formatChangeValue(field, change.from);
    const to = formatChangeValue(field, change.to);
    return from === null || to === null
      ? `${fieldLabel(field)} changed`
      : `${fieldLabel(field)}: ${from} → ${to}`;
  };
  switch (activity.action) {
    case "created":
      return { summary: "Created", details: [] };
    case "moved": {
      const [field, change] = changes.find(([name]) => STATE_LABELS[name]) ?? [];
      const rest = changes.filter(([name]) => name !== field).map(detail);
      if (!field || !change) return { summary: "Moved", details: rest };
      return {
        summary: `Moved from ${formatChangeValue(field, change.from)} to ${formatChangeValue(field, change.to)}`,
        details: rest,
      };
    }
    case "updated": {
      const names = changes.map(([field]) => fieldLabel(field));
      return {
        summary: names.length > 0 ? `Updated ${joinWords(names)}` : "Updated",
        details: changes.map(detail),
      };
    }
    case "archived":
      return { summary: "Archived", details: [] };
    case "restored":
      return { summary: "Restored", details: [] };
    case "deleted":
      return { summary: "Deleted", details: [] };
    case "note":
      return { summary: "Note", details: activity.note ? [activity.note] : [] };
  }
}

function joinWords(words: string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}
