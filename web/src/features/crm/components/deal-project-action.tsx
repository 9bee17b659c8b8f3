import { FolderPlus } from "lucide-react";
import { Link } from "react-router-dom";
import { CreateAndOpenButton } from "@/components/ui/create-and-open-button";
import type { Deal } from "@/features/crm/api/crm-types";
import { useDealProject, useProjectFromDeal } from "@/features/crm/api/project-from-deal";

/**
 * A won deal's next step: turn it into a project (then open it), or open the project it already became.
 * Nothing shows for a deal that is not won and has no project.
 */
export function DealProjectAction({ deal }: { deal: Deal }) {
  const project = useDealProject(deal.id);
  const create = useProjectFromDeal();
  if (project.data) {
    return (
      <p className="text-sm">
        This deal is project{" "}
        <Link
          to={`/app/projects/${project.data.id}`}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {project.data.code}
        </Link>
        .
      </p>
    );
  }
  if (deal.stage !== "won" || project.isPending) return null;
  return (
    <CreateAndOpenButton
      pending={create.isPending}
      create={async () => {
        const created = await create.mutateAsync(deal.id).catch(() => null);
        return created && `/app/projects/${created.id}`;
      }}
    >
      <FolderPlus aria-hidden="true" />
      Create project
    </CreateAndOpenButton>
  );
}
