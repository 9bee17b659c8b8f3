import { type Dashboard, DEAL_STAGES } from "@app/contracts";
import { dayBounds, stockholmDay } from "@app/contracts/stockholm-time";
import { sql } from "kysely";
import type { Db } from "../../db/database";
import { invoiceHooks } from "../money/invoice-hooks";

/** The most rows a dashboard list shows; the count beside it is the database's. */
const SHOWN = 5;
/** A day's sessions at most; the studio has a handful of rooms. */
const DAY_LIMIT = 100;

const toCount = (value: unknown) => Number(value ?? 0);

/**
 * Everything the dashboard's cards show, for the person `userId` (no tasks for a caller who is not one) on the Stockholm day of `now`: short
 * lists as the screens would read them, and the figures summed by the database over every row (a page
 * of deals, as a list read gets, would undercount the pipeline).
 */
export async function readDashboard(db: Db, userId: string | null, now: number): Promise<Dashboard> {
  const day = stockholmDay(now);
  const { from, to } = dayBounds(day);
  const at = new Date(now).toISOString();
  const [sessions, approvals, tasks, activeProjects, pipeline, receivables] = await Promise.all([
    sessionsToday(db, from, to),
    openApprovals(db, at),
    myTasks(db, userId),
    db
      .selectFrom("projects")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("status", "=", "active")
      .executeTakeFirstOrThrow(),
    pipelineByStage(db),
    receivablesOf(db, now, `${day.slice(0, 8)}01`),
  ]);
  return {
    day,
    sessions_today: sessions,
    open_approvals: approvals,
    my_tasks: tasks,
    active_projects: toCount(activeProjects.n),
    pipeline,
    receivables,
  };
}

function sessionsToday(db: Db, from: string, to: string) {
  return db
    .selectFrom("studio_sessions as s")
    .innerJoin("studio_rooms as r", "r.id", "s.room_id")
    .select(["s.id", "s.title", "s.starts_at", "s.ends_at", "s.status", "r.name as room_name"])
    .where("s.status", "<>", "cancelled")
    .where("s.starts_at", "<", to)
    .where("s.ends_at", ">", from)
    .orderBy("s.starts_at")
    .orderBy("s.id")
    .limit(DAY_LIMIT)
    .execute();
}

async function openApprovals(db: Db, at: string) {
  const awaiting = db
    .selectFrom("deliverable_versions as v")
    .where("v.approval_state", "=", "awaiting")
    .where("v.approval_expires_at", ">", at);
  const [items, total] = await Promise.all([
    awaiting
      .innerJoin("deliverables as d", "d.id", "v.deliverable_id")
      .select(["v.id", "d.title", "v.version", "v.approval_requested_at"])
      .orderBy("v.approval_requested_at")
      .orderBy("v.id")
      .limit(SHOWN)
      .execute(),
    awaiting.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    total: toCount(total.n),
    items: items.map(({ approval_requested_at, ...item }) => ({
      ...item,
      requested_at: approval_requested_at ?? "",
    })),
  };
}

async function myTasks(db: Db, userId: string | null) {
  if (userId === null) return { total: 0, deliverables: [], milestones: [] };
  const deliverables = db
    .selectFrom("deliverables")
    .where("assignee_id", "=", userId)
    .where("status", "<>", "approved");
  const milestones = db
    .selectFrom("project_milestones")
    .where("assignee_id", "=", userId)
    .where("reached_at", "is", null)
    .where("due_date", "is not", null);
  const [dueDeliverables, dueMilestones, deliverableCount, milestoneCount] = await Promise.all([
    deliverables
      .select(["id", "title", "due_date"])
      .orderBy(sql`due_date asc nulls last`)
      .orderBy("id")
      .limit(SHOWN)
      .execute(),
    milestones
      .select(["id", "title", "due_date", "project_id"])
      .orderBy("due_date")
      .orderBy("id")
      .limit(SHOWN)
      .execute(),
    deliverables.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow(),
    milestones.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    total: toCount(deliverableCount.n) + toCount(milestoneCount.n),
    deliverables: dueDeliverables,
    milestones: dueMilestones,
  };
}

async function pipelineByStage(db: Db) {
  const rows = await db
    .selectFrom("crm_deals")
    .select((eb) => ["stage", eb.fn.countAll().as("n"), eb.fn.sum("value_sek").as("value")])
    .groupBy("stage")
    .execute();
  const byStage = new Map(rows.map((row) => [row.stage, row]));
  return DEAL_STAGES.map((stage) => ({
    stage,
    count: toCount(byStage.get(stage)?.n),
    value_sek: toCount(byStage.get(stage)?.value),
  }));
}

async function receivablesOf(db: Db, now: number, monthStart: string) {
  // The status every reader sees: "overdue" is derived from the due date, never stored.
  const status = invoiceHooks.derivedColumns?.status?.(new Date(now).toISOString()) ?? sql`status`;
  const [owed, paid] = await Promise.all([
    db
      .selectFrom("invoices")
      .select([
        sql<string>`coalesce(sum(total_ore - paid_ore), 0)`.as("outstanding"),
        sql<string>`coalesce(sum(case when ${status} = 'overdue' then total_ore - paid_ore else 0 end), 0)`.as(
          "overdue",
        ),
      ])
      .where("kind", "=", "invoice")
      .where("status", "in", ["issued", "partially_paid"])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("invoice_payments")
      .select(sql<string>`coalesce(sum(amount_ore), 0)`.as("paid"))
      .where("paid_on", ">=", monthStart)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    outstanding_ore: toCount(owed.outstanding),
    overdue_ore: toCount(owed.overdue),
    paid_this_month_ore: toCount(paid.paid),
  };
}
