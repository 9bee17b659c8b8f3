import { useProjectTimeline } from "@/features/projects/api/get-project";
import { ProjectSection } from "@/features/projects/components/project-section";
import { formatDateTime } from "@/lib/format";

type Change = { from: unknown; to: unknown };

/** One timeline row in words: what happened to the project, its team or its milestones. */
export function describeActivity(action: string, changes: Record<string, Change>): string {
  if (action === "created") return "Project created";
  if (action === "deleted") return "Project deleted";
  const part = changes.member ?? changes.milestone;
  if (part) {
    const what = changes.member ? "Team member" : "Milestone";
    const title = (row: unknown) => (row as { title?: string } | null)?.title;
    const label = changes.milestone ? ` "${title(part.to) ?? title(part.from) ?? ""}"` : "";
    if (part.from === null) return `${what}${label} added`;
    if (part.to === null) return `${what}${label} removed`;
    return `${what}${label} changed`;
  }
  if (action === "moved" && changes.status) return `Status: ${changes.status.from} → ${changes.status.to}`;
  const fields = Object.keys(changes).map((field) => field.replace(/_/g, " "));
  return fields.length > 0 ? `Changed ${fields.join(", ")}` : "Updated";
}

export function ProjectTimeline({ projectId }: { projectId: string }) {
  const timeline = useProjectTimeline(projectId);
  const rows = timeline.data ?? [];
  return (
    <ProjectSection title="Timeline">
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing has happened yet.</p>
      ) : (
        <ol aria-label="Timeline" className="grid gap-2 text-sm">
          {rows.map((row) => (
            <li key={row.id} className="flex flex-wrap justify-between gap-2">
              <span>{describeActivity(row.action, row.changes as Record<string, Change>)}</span>
              <time dateTime={row.created_at} className="text-muted-foreground">
                {formatDateTime(row.created_at)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </ProjectSection>
  );
}
