import { postgrestErrorSchema } from "@app/contracts";
import { nullIfBlank, textOf } from "@/lib/form-values";
import { basisPointsOrNull, kronorTextOf } from "@/lib/money";
import type { TableRow } from "@/lib/table-writes";

type Milestone = TableRow<"project_milestones">;

export type MilestoneFormValues = {
  title: string;
  due_date: string;
  /** Per cent as typed; stored in basis points. */
  share: string;
  /** The assignee's account id, "" for nobody. */
  assignee_id: string;
  reached: boolean;
};

/** The form's values for a milestone as last read, or for a new one (the signed-in person's). */
export function toMilestoneFormValues(milestone: Milestone | null, currentUserId: string | null) {
  if (!milestone)
    return { title: "", due_date: "", share: "", assignee_id: currentUserId ?? "", reached: false };
  return {
    title: milestone.title,
    due_date: textOf(milestone.due_date),
    share: kronorTextOf(milestone.billing_share_bp),
    assignee_id: textOf(milestone.assignee_id),
    reached: milestone.reached_at !== null,
  };
}

/**
 * The values as the table takes them. A milestone already reached keeps the moment it was reached; one
 * marked reached now is reached at `now`.
 */
export function toMilestonePayload(values: MilestoneFormValues, milestone: Milestone | null, now: Date) {
  return {
    title: values.title.trim(),
    due_date: nullIfBlank(values.due_date),
    billing_share_bp: basisPointsOrNull(values.share),
    assignee_id: nullIfBlank(values.assignee_id),
    reached_at: values.reached ? (milestone?.reached_at ?? now.toISOString()) : null,
  };
}

/**
 * The server's refusal of shares adding up to more than the whole fee, placed at the share field in
 * words ("…would add up to 105 %, more than 100 %. At most 70 % is left to bill."); null for any other.
 */
export function shareCapProblem(error: unknown): { field: "share"; message: string } | null {
  const body = postgrestErrorSchema.safeParse((error as { body?: unknown } | null)?.body);
  if (!body.success || body.data.code !== "23514" || !body.data.message.includes("share_sum")) return null;
  const why = (body.data.details ?? "").replace(/^Failing check: /, "");
  const sentence = why
    ? `${why.charAt(0).toUpperCase()}${why.slice(1)}.`
    : "The billing shares would exceed 100 %.";
  return { field: "share", message: body.data.hint ? `${sentence} ${body.data.hint}` : sentence };
}
