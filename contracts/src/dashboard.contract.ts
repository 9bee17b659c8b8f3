import { initContract } from "@ts-rest/core";
import { z } from "zod";
import { access, apiErrorSchema, apiKeyErrorSchema } from "./common";
import { DEAL_STAGES } from "./tables/crm-deals.table";

const c = initContract();

const count = z.number().int().min(0);

export const dashboardSchema = z.object({
  /** The Stockholm day the figures are for (sessions today, tasks overdue, payments this month). */
  day: z.string(),
  /** Today's sessions not cancelled, earliest first, each with its room's name. */
  sessions_today: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      starts_at: z.string(),
      ends_at: z.string(),
      status: z.string(),
      room_name: z.string(),
    }),
  ),
  /** Versions waiting for a client's decision through a link that still works, longest-waiting first. */
  open_approvals: z.object({
    total: count,
    items: z.array(
      z.object({ id: z.string(), title: z.string(), version: z.number().int(), requested_at: z.string() }),
    ),
  }),
  /** The caller's deliverables not yet approved and dated milestones not yet reached, soonest due first. */
  my_tasks: z.object({
    total: count,
    deliverables: z.array(z.object({ id: z.string(), title: z.string(), due_date: z.string().nullable() })),
    milestones: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        due_date: z.string().nullable(),
        project_id: z.string(),
      }),
    ),
  }),
  active_projects: count,
  /** Every deal stage with its count and value in whole kronor, over every deal (not a page of them). */
  pipeline: z.array(z.object({ stage: z.enum(DEAL_STAGES), count, value_sek: count })),
  /** Öre: owed on issued invoices, the overdue part of it, and what was paid this Stockholm month. */
  receivables: z.object({
    outstanding_ore: z.number().int(),
    overdue_ore: z.number().int(),
    paid_this_month_ore: z.number().int(),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** The dashboard's first paint in one request: what each card shows, summed by the database. */
export const dashboardContract = c.router({
  getDashboard: {
    method: "GET",
    path: "/api/dashboard",
    responses: {
      200: dashboardSchema,
      401: z.union([apiErrorSchema, apiKeyErrorSchema]),
      403: apiErrorSchema,
    },
    metadata: access("staff"),
    summary: "The dashboard's figures and short lists, in one read (staff only)",
  },
});
