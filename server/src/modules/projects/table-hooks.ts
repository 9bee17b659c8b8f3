import type { ProjectStatus } from "@app/contracts";
import type { Row, TableHooks, TableHooksByTable } from "../../rest/table-hooks";
import { timelineHooks } from "../crm/timeline";
import { assertProjectTransition, assertStartStatus } from "./lifecycle";
import { assertSharesWithinFee } from "./milestone-shares";
import { takeProjectCode } from "./project-code";
import { projectPartHooks } from "./project-timeline";

/**
 * A project is given its code when it is created, starts as a lead or active work, and moves only as its
 * lifecycle allows; every create, change and move lands on the timeline.
 */
const projectHooks: TableHooks = {
  ...timelineHooks("projects", { stateField: "status", contactField: "contact_id" }),
  async beforeInsert(ctx, values) {
    assertStartStatus((values.status ?? "lead") as ProjectStatus);
    return { ...values, code: await takeProjectCode(ctx.trx, ctx.at) };
  },
  beforeUpdate(_ctx, changes, before) {
    if ("status" in changes) {
      assertProjectTransition(before.status as ProjectStatus, changes.status as ProjectStatus);
    }
    return changes;
  },
};

const milestoneShare = (row: Row) => (typeof row.billing_share_bp === "number" ? row.billing_share_bp : null);

const milestoneHooks: TableHooks = {
  ...projectPartHooks("milestone", ({ title, due_date, billing_share_bp, assignee_id, reached_at }) => ({
    title,
    due_date,
    billing_share_bp,
    assignee_id,
    reached_at,
  })),
  async beforeInsert(ctx, values) {
    await assertSharesWithinFee(ctx.trx, {
      projectId: String(values.project_id),
      shareBp: milestoneShare(values),
      // An upsert may name an existing milestone: its own share is not counted twice.
      exceptId: typeof values.id === "string" ? values.id : undefined,
    });
    return values;
  },
  async beforeUpdate(ctx, changes, before) {
    if (!("billing_share_bp" in changes || "project_id" in changes)) return changes;
    const after = { ...before, ...changes };
    await assertSharesWithinFee(ctx.trx, {
      projectId: String(after.project_id),
      shareBp: milestoneShare(after),
      exceptId: String(before.id),
    });
    return changes;
  },
};

/** The project tables' rules for the data API, registered by the composition root. */
export const projectTableHooks = {
  projects: projectHooks,
  project_members: projectPartHooks("member", ({ contact_id, role, rate_ore }) => ({
    contact_id,
    role,
    rate_ore,
  })),
  project_milestones: milestoneHooks,
} satisfies TableHooksByTable;
