import { tables, WHOLE_FEE_BP } from "@app/contracts";
import { Check, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { fieldsFor } from "@/components/form/fields";
import { RecordForm } from "@/components/form/record-form";
import { RecordFormDialog } from "@/components/form/record-form-dialog";
import { useRecordForm } from "@/components/form/use-record-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useProjectMilestones } from "@/features/projects/api/get-project";
import { useInsertProjectRow, useUpdateProjectRow } from "@/features/projects/api/project-writes";
import { ProjectSection } from "@/features/projects/components/project-section";
import { RemovePartDialog } from "@/features/projects/components/remove-part-dialog";
import { nullIfBlank } from "@/lib/form-values";
import { formatDay } from "@/lib/format";
import { basisPointsOrNull, formatOre, formatShare } from "@/lib/money";
import type { TableRow } from "@/lib/table-writes";

type Milestone = TableRow<"project_milestones">;
type MilestoneFormValues = { title: string; due_date: string; share: string };

const { TextField } = fieldsFor<MilestoneFormValues>();

/** A share of the budget in öre, rounded down to the öre so the shares never bill more than the budget. */
const shareOfBudget = (budgetOre: number, bp: number) => Math.floor((budgetOre * bp) / WHOLE_FEE_BP);

/** The project's milestones: due dates and the share of the fee each bills when reached. */
export function ProjectMilestones({ projectId, budgetOre }: { projectId: string; budgetOre: number }) {
  const milestones = useProjectMilestones(projectId);
  const rows = milestones.data ?? [];
  const planned = rows.reduce((sum, row) => sum + (row.billing_share_bp ?? 0), 0);
  const [isAdding, setIsAdding] = useState(false);
  const [removing, setRemoving] = useState<Milestone | null>(null);
  const reach = useUpdateProjectRow("project_milestones", {
    successMessage: "Milestone reached",
    errorMessage: "Could not mark the milestone",
  });

  return (
    <ProjectSection
      title="Milestones"
      action={
        <Button size="sm" variant="secondary" onClick={() => setIsAdding(true)}>
          <Plus aria-hidden="true" />
          Add milestone
        </Button>
      }
    >
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No milestones yet.</p>
      ) : (
        <ul className="grid gap-2">
          {rows.map((milestone) => (
            <li key={milestone.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>
                <span className="font-medium">{milestone.title}</span>
                {milestone.due_date ? ` · due ${formatDay(milestone.due_date)}` : null}
                {milestone.billing_share_bp === null
                  ? null
                  : ` · ${formatShare(milestone.billing_share_bp)} (${formatOre(shareOfBudget(budgetOre, milestone.billing_share_bp))})`}
                {milestone.reached_at ? (
                  <Badge variant="green" className="ml-2">
                    Reached
                  </Badge>
                ) : null}
              </span>
              <span className="flex items-center gap-1">
                {milestone.reached_at ? null : (
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={reach.isPending}
                    onClick={() =>
                      reach
                        .mutateAsync({
                          id: milestone.id,
                          version: milestone.updated_at,
                          changes: { reached_at: new Date().toISOString() },
                        })
                        .catch(() => null)
                    }
                  >
                    <Check aria-hidden="true" />
                    Mark reached<span className="sr-only">: {milestone.title}</span>
                  </Button>
                )}
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Remove milestone ${milestone.title}`}
                  onClick={() => setRemoving(milestone)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-muted-foreground">
        Billing shares planned: {formatShare(planned)} of the fee.
      </p>
      <RecordFormDialog
        open={isAdding}
        onOpenChange={setIsAdding}
        title="Add a milestone"
        description={`A step with a due date and, if it bills, its share of the fee (${formatShare(WHOLE_FEE_BP - planned)} left).`}
      >
        <MilestoneForm projectId={projectId} onClose={() => setIsAdding(false)} />
      </RecordFormDialog>
      {removing ? (
        <RemovePartDialog
          table="project_milestones"
          row={removing}
          title="Remove this milestone?"
          description={`"${removing.title}" and its billing share will be removed from the project.`}
          messages={{ successMessage: "Milestone removed", errorMessage: "Could not remove the milestone" }}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </ProjectSection>
  );
}

function MilestoneForm({ projectId, onClose }: { projectId: string; onClose(): void }) {
  const add = useInsertProjectRow("project_milestones", {
    successMessage: "Milestone added",
    errorMessage: "Could not add the milestone",
  });
  const form = useRecordForm({
    defaultValues: { title: "", due_date: "", share: "" },
    toPayload: (values: MilestoneFormValues) => ({
      project_id: projectId,
      title: values.title.trim(),
      due_date: nullIfBlank(values.due_date),
      billing_share_bp: basisPointsOrNull(values.share),
    }),
    schema: tables.project_milestones.insert,
    submit: (payload) => add.mutateAsync(payload),
    formPathOf: (path) => (path[0] === "billing_share_bp" ? ["share"] : path),
  });
  return (
    <RecordForm form={form} submitLabel="Add Milestone" onSaved={onClose} onCancel={onClose}>
      <TextField name="title" label="Title" autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="due_date" label="Due" isOptional type="date" />
        <TextField name="share" label="Billing share (%)" isOptional inputMode="decimal" autoComplete="off" />
      </div>
    </RecordForm>
  );
}
