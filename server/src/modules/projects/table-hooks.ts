import type { ProjectStatus } from "@app/contracts";
import { shareCapHooks } from "../../rest/share-cap";
import type { TableHooks, TableHooksByTable } from "../../rest/table-hooks";
import { timelineHooks } from "../crm/timeline";
import { assertProjectTransition, assertStartStatus } from "./lifecycle";
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

/** A project's milestones may bill at most its whole fee. */
const milestoneShareCap = shareCapHooks({
  table: "project_milestones",
  parentTable: "projects",
  parentColumn: "project_id",
  shareColumn: "billing_share_bp",
  sharesNoun: "the project's billing shares",
  leftOver: "is left to bill",
});

const milestoneHooks: TableHooks = {
  ...projectPartHooks("milestone", ({ title, due_date, billing_share_bp, assignee_id, reached_at }) => ({
    title,
    due_date,
    billing_share_bp,
    assignee_id,
    reached_at,
  })),
  ...milestoneShareCap,
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
