import { useProjectTimeline } from "@/features/projects/api/get-project";
import { ProjectSection } from "@/features/projects/components/project-section";
import { type ActivityChanges, describeActivity } from "@/features/projects/utils/describe-activity";
import { formatDateTime } from "@/lib/format";

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
              <span>{describeActivity(row.action, row.changes as ActivityChanges)}</span>
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
