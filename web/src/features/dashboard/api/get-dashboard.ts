import type { Dashboard } from "@app/contracts";
import { useQuery } from "@tanstack/react-query";
import type { AppRoute } from "@ts-rest/core";
import { mergeTasks } from "@/features/dashboard/utils/my-tasks";
import { summarizePipeline } from "@/features/dashboard/utils/summarize-pipeline";
import { fetchWithKeys } from "@/lib/api-fetch";
import { takeEarlyRead } from "@/lib/early-read";
import { expectSuccess } from "@/lib/postgrest";
import { dashboardQueryKey } from "@/lib/query-keys";

/*
 * Through the shared fetcher rather than the typed contract: the contract would bring every table's
 * declaration into the first screen of the back office.
 */
const dashboardRoute = { method: "GET", path: "/api/dashboard", responses: {} } satisfies AppRoute;

async function readDashboard(signal: AbortSignal): Promise<Dashboard> {
  // The entry may have asked already (a signed-in first load of /app); a refused answer is read again
  // here, where a stale token gets refreshed.
  const early = await takeEarlyRead(dashboardRoute.path);
  if (early?.status === 200) return early.body as Dashboard;
  const response = await fetchWithKeys({
    route: dashboardRoute,
    path: dashboardRoute.path,
    method: "GET",
    headers: {},
    body: undefined,
    rawBody: undefined,
    rawQuery: undefined,
    contentType: undefined,
    fetchOptions: { signal },
  });
  return expectSuccess(response).body as Dashboard;
}

/** The most tasks the card lists; the count beside it is the server's. */
const SHOWN = 5;

/**
 * Every card of the dashboard from one request, so its first paint waits for one round trip. Read afresh
 * each time the dashboard opens (what it sums changes on every other screen), and live while it is open.
 */
export function useDashboard() {
  return useQuery({
    queryKey: dashboardQueryKey,
    queryFn: async ({ signal }) => {
      const d = await readDashboard(signal);
      return {
        sessions: d.sessions_today,
        approvals: d.open_approvals,
        tasks: { total: d.my_tasks.total, items: mergeTasks(d.my_tasks, d.day, SHOWN) },
        activeProjects: d.active_projects,
        pipeline: summarizePipeline(d.pipeline),
        receivables: d.receivables,
      };
    },
    staleTime: 0,
    meta: { errorMessage: "Failed to load the dashboard" },
  });
}
