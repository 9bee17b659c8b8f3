import { PROJECT_STATUS_LABELS, PROJECT_STATUSES } from "@app/contracts";
import { Link } from "react-router-dom";
import { Card } from "@/components/ui/card";
import { ScrollRegion } from "@/components/ui/scroll-region";
import type { Project } from "@/features/projects/api/list-projects";
import { formatDay } from "@/lib/format";
import { formatOre } from "@/lib/money";

/**
 * Projects by status, one column per status in lifecycle order; the columns scroll sideways on a narrow
 * screen inside their own region, so the page itself never does.
 */
export function ProjectBoard({
  projects,
  clientNames,
}: {
  projects: Project[];
  clientNames: Map<string, string>;
}) {
  return (
    <ScrollRegion label="Projects by status">
      <div className="flex min-w-max gap-4 pb-2">
        {PROJECT_STATUSES.map((status) => {
          const column = projects.filter((project) => project.status === status);
          const total = column.reduce((sum, project) => sum + project.budget_ore, 0);
          return (
            <section
              key={status}
              aria-label={PROJECT_STATUS_LABELS[status]}
              className="grid w-64 content-start gap-2"
            >
              <h2 className="flex justify-between text-sm font-semibold">
                <span>
                  {PROJECT_STATUS_LABELS[status]} ({column.length})
                </span>
                <span className="text-muted-foreground">{formatOre(total)}</span>
              </h2>
              {column.map((project) => (
                <Card key={project.id} className="grid gap-1 p-3 text-sm">
                  <Link
                    to={`/app/projects/${project.id}`}
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {project.title}
                  </Link>
                  <span className="text-muted-foreground">
                    {project.code}
                    {project.company_id ? ` · ${clientNames.get(project.company_id) ?? ""}` : ""}
                  </span>
                  <span>
                    {formatOre(project.budget_ore)}
                    {project.due_date ? ` · due ${formatDay(project.due_date)}` : ""}
                  </span>
                </Card>
              ))}
            </section>
          );
        })}
      </div>
    </ScrollRegion>
  );
}
