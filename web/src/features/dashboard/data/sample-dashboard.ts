import { z } from "zod";

/*
 * Spec §2: the dashboard shows hard-coded sample data. It lives here alone, typed by these schemas, so
 * swapping it for server data later touches this module and nothing else. Times are relative to the
 * moment the module loads, so "today" and "in 2 hours" stay true whenever the screen is opened.
 */
export const taskPrioritySchema = z.enum(["high", "medium", "low"]);
export type TaskPriority = z.infer<typeof taskPrioritySchema>;

export const pipelineStageSchema = z.enum(["prospect", "negotiation", "contract", "won"]);
export type PipelineStage = z.infer<typeof pipelineStageSchema>;

export const agendaItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  starts_at: z.string(),
  location: z.string(),
  kind: z.enum(["session", "meeting"]),
});
export type AgendaItem = z.infer<typeof agendaItemSchema>;

export const approvalSchema = z.object({
  id: z.string(),
  title: z.string(),
  requested_by: z.string(),
  requested_at: z.string(),
});
export type Approval = z.infer<typeof approvalSchema>;

export const taskSchema = z.object({
  id: z.string(),
  title: z.string(),
  priority: taskPrioritySchema,
  due_at: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

export const pipelineSnapshotSchema = z.object({
  stage: pipelineStageSchema,
  count: z.number().int(),
  value_sek: z.number(),
});
export type PipelineSnapshotRow = z.infer<typeof pipelineSnapshotSchema>;

export const dashboardSampleSchema = z.object({
  activeProjects: z.number().int(),
  today: z.array(agendaItemSchema),
  approvals: z.array(approvalSchema),
  tasks: z.array(taskSchema),
  pipeline: z.array(pipelineSnapshotSchema),
});
export type DashboardSample = z.infer<typeof dashboardSampleSchema>;

const HOUR = 60 * 60 * 1000;
const at = (hoursFromNow: number) => new Date(Date.now() + hoursFromNow * HOUR).toISOString();

export const SAMPLE_DASHBOARD: DashboardSample = dashboardSampleSchema.parse({
  activeProjects: 6,
  today: [
    { id: "t1", title: "Vocal session: Nova Lind", starts_at: at(1), location: "Studio A", kind: "session" },
    { id: "t2", title: "Mix review: Midsummer EP", starts_at: at(3), location: "Studio B", kind: "session" },
    {
      id: "t3",
      title: "Label sync with Northern Lights",
      starts_at: at(5),
      location: "Zoom",
      kind: "meeting",
    },
  ],
  approvals: [
    { id: "a1", title: "Split sheet: 'Slussen Nights'", requested_by: "Elias Berg", requested_at: at(-20) },
    { id: "a2", title: "Mastering invoice #1042", requested_by: "Maja Holm", requested_at: at(-4) },
  ],
  tasks: [
    { id: "k1", title: "Send producer agreement to Nova Lind", priority: "high", due_at: at(6) },
    { id: "k2", title: "Book photographer for EP artwork", priority: "medium", due_at: at(48) },
    { id: "k3", title: "Update ISRC codes in the catalogue", priority: "low", due_at: at(120) },
  ],
  pipeline: [
    { stage: "prospect", count: 8, value_sek: 420_000 },
    { stage: "negotiation", count: 4, value_sek: 310_000 },
    { stage: "contract", count: 2, value_sek: 185_000 },
    { stage: "won", count: 5, value_sek: 560_000 },
  ],
});
