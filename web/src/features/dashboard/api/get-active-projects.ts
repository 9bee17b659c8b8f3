import { useQuery } from "@tanstack/react-query";
import { projectsQueryKey } from "@/lib/query-keys";
import { countRows } from "@/lib/read-table";

/** How many projects are active work now; under the projects' key, so any projects write refreshes it. */
export function useActiveProjectCount() {
  return useQuery({
    queryKey: [...projectsQueryKey, "count", "active"],
    queryFn: ({ signal }) =>
      countRows("projects", { filters: { status: "eq.active" }, count: "exact" }, signal),
    meta: { errorMessage: "Failed to count active projects" },
  });
}
