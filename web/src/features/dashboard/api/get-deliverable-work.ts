import { stockholmDay } from "@app/contracts/stockholm-time";
import { useQuery } from "@tanstack/react-query";
import { mergeTasks } from "@/features/dashboard/utils/my-tasks";
import { deliverablesQueryKey } from "@/lib/query-keys";
import { readTable } from "@/lib/read-table";

/** The most rows a dashboard list shows; the count beside it is the server's. */
const SHOWN = 5;

type OpenApproval = { id: string; title: string; version: number; requestedAt: string };

/**
 * Versions waiting for a client's decision through a link that still works, the longest-waiting first,
 * with their deliverables' titles. One whose link expired waits for staff instead (its deliverable says
 * so), not for the client.
 */
export function useOpenApprovals() {
  return useQuery({
    queryKey: [...deliverablesQueryKey, "awaiting"],
    queryFn: async ({ signal }) => {
      const page = await readTable(
        "deliverable_versions",
        {
          count: "exact",
          select: ["id", "deliverable_id", "version", "approval_requested_at"],
          filters: { approval_state: "eq.awaiting", approval_expires_at: `gt.${new Date().toISOString()}` },
          order: ["approval_requested_at.asc"],
          range: { limit: SHOWN },
        },
        signal,
      );
      const ids = [...new Set(page.rows.map((v) => v.deliverable_id))];
      const titles = new Map<string, string>();
      if (ids.length > 0) {
        const named = await readTable(
          "deliverables",
          { select: ["id", "title"], filters: { id: `in.(${ids.join(",")})` } },
          signal,
        );
        for (const d of named.rows) titles.set(d.id, d.title);
      }
      const items: OpenApproval[] = page.rows.map((v) => ({
        id: v.id,
        title: titles.get(v.deliverable_id) ?? "Deliverable",
        version: v.version,
        requestedAt: v.approval_requested_at ?? "",
      }));
      return { total: page.total, items };
    },
    meta: { errorMessage: "Could not load the open approvals" },
  });
}

/**
 * The signed-in person's work due: deliverables not yet approved and milestones not yet reached that have
 * a due day, read once each (the first few of each, soonest due first) and merged into one list.
 */
export function useMyTasks(userId: string | null, now: number = Date.now()) {
  const today = stockholmDay(now);
  return useQuery({
    queryKey: [...deliverablesQueryKey, "mine", userId ?? "", today],
    queryFn: async ({ signal }) => {
      const [deliverables, milestones] = await Promise.all([
        readTable(
          "deliverables",
          {
            count: "exact",
            select: ["id", "title", "due_date"],
            filters: { assignee_id: `eq.${userId}`, status: "neq.approved" },
            order: ["due_date.asc.nullslast"],
            range: { limit: SHOWN },
          },
          signal,
        ),
        readTable(
          "project_milestones",
          {
            count: "exact",
            select: ["id", "title", "due_date", "project_id"],
            filters: { assignee_id: `eq.${userId}`, reached_at: "is.null", due_date: "not.is.null" },
            order: ["due_date.asc"],
            range: { limit: SHOWN },
          },
          signal,
        ),
      ]);
      const items = mergeTasks(
        { deliverables: deliverables.rows, milestones: milestones.rows },
        today,
        SHOWN,
      );
      return { total: deliverables.total + milestones.total, items };
    },
    enabled: Boolean(userId),
    meta: { errorMessage: "Could not load your tasks" },
  });
}
