import { type Priority, priorityOf } from "@/lib/priority";

type DeliverableDue = { id: string; title: string; due_date: string | null };
type MilestoneDue = { id: string; title: string; due_date: string | null; project_id: string };

/** One line of "My Tasks": a deliverable to deliver or a milestone to reach, and where to see to it. */
export type Task = {
  /** Unique across both kinds, for React's key. */
  key: string;
  kind: "deliverable" | "milestone";
  title: string;
  dueDate: string | null;
  priority: Priority;
  href: string;
};

/**
 * The person's deliverables and milestones as one list, soonest due first (undated last, the order each
 * read already had kept among equals), each with its priority on the Stockholm day `today`.
 */
export function mergeTasks(
  work: { deliverables: DeliverableDue[]; milestones: MilestoneDue[] },
  today: string,
  limit: number,
): Task[] {
  const tasks: Task[] = [
    ...work.deliverables.map((d) => ({
      key: `deliverable:${d.id}`,
      kind: "deliverable" as const,
      title: d.title,
      dueDate: d.due_date,
      priority: priorityOf(d.due_date, today),
      href: `/app/deliverables?open=${d.id}`,
    })),
    ...work.milestones.map((m) => ({
      key: `milestone:${m.id}`,
      kind: "milestone" as const,
      title: m.title,
      dueDate: m.due_date,
      priority: priorityOf(m.due_date, today),
      href: `/app/projects/${m.project_id}`,
    })),
  ];
  // An undated task sorts after every dated one; Array.prototype.sort is stable, so equals keep their order.
  const dueKey = (task: Task) => task.dueDate ?? "9999-12-31";
  return tasks.sort((a, b) => dueKey(a).localeCompare(dueKey(b))).slice(0, limit);
}
