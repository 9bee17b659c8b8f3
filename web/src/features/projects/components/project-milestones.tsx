import { tables, WHOLE_FEE_BP } from "@app/contracts";
import { Check, Plus } from "lucide-react";
import { useState } from "react";
import { AssigneeSelect } from "@/components/form/assignee-select";
import { fieldsFor } from "@/components/form/fields";
import { RecordForm } from "@/components/form/record-form";
import { RecordFormDialog } from "@/components/form/record-form-dialog";
import { useRecordForm } from "@/components/form/use-record-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useProjectMilestones } from "@/features/projects/api/get-project";
import { useInsertProjectRow, useUpdateProjectRow } from "@/features/projects/api/project-writes";
import { PartActions } from "@/features/projects/components/part-actions";
import { ProjectSection } from "@/features/projects/components/project-section";
import { RemovePartDialog } from "@/features/projects/components/remove-part-dialog";
import {
  type MilestoneFormValues,
  shareCapProblem,
  toMilestoneFormValues,
  toMilestonePayload,
} from "@/features/projects/utils/milestone-form";
import { formatDay } from "@/lib/format";
import { formatOre, formatShare } from "@/lib/money";
import { readRecord } from "@/lib/read-table";
import type { TableRow } from "@/lib/table-writes";
import { useCurrentUserId } from "@/lib/use-auth";

type Milestone = TableRow<"project_milestones">;

const { Field, TextField, CheckboxField } = fieldsFor<MilestoneFormValues>();

/** Whose the milestone is, as the signed-in person sees it. */
const assigneeLabel = (assigneeId: string | null, currentUserId: string | null) =>
  assigneeId === null ? null : assigneeId === currentUserId ? "yours" : "a colleague's";

/** A share of the budget in öre, rounded down to the öre so the shares never bill more than the budget. */
const shareOfBudget = (budgetOre: number, bp: number) => Math.floor((budgetOre * bp) / WHOLE_FEE_BP);

/** The project's milestones: due dates and the share of the fee each bills when reached. */
export function ProjectMilestones({ projectId, budgetOre }: { projectId: string; budgetOre: number }) {
  const milestones = useProjectMilestones(projectId);
  const rows = milestones.data ?? [];
  const planned = rows.reduce((sum, row) => sum + (row.billing_share_bp ?? 0), 0);
  const currentUserId = useCurrentUserId();
  const [isAdding, setIsAdding] = useState(false);
  const [editing, setEditing] = useState<Milestone | null>(null);
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
                {milestone.assignee_id ? ` · ${assigneeLabel(milestone.assignee_id, currentUserId)}` : null}
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
                <PartActions
                  name={`milestone ${milestone.title}`}
                  onEdit={() => setEditing(milestone)}
                  onRemove={() => setRemoving(milestone)}
                />
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
        <MilestoneForm projectId={projectId} milestone={null} onClose={() => setIsAdding(false)} />
      </RecordFormDialog>
      <RecordFormDialog
        open={editing !== null}
        onOpenChange={(open) => (open ? null : setEditing(null))}
        title={editing ? `Edit "${editing.title}"` : "Edit the milestone"}
        description="Its due date, share of the fee, assignee and whether it is reached."
      >
        {editing ? (
          <MilestoneForm projectId={projectId} milestone={editing} onClose={() => setEditing(null)} />
        ) : null}
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

type MilestoneFormProps = {
  projectId: string;
  /** The milestone to edit, as last read; null to add one. */
  milestone: Milestone | null;
  onClose(): void;
};

/** Adds a milestone, or edits one against the version read (a stale save offers to reload it). */
function MilestoneForm({ projectId, milestone, onClose }: MilestoneFormProps) {
  const currentUserId = useCurrentUserId();
  const [current, setCurrent] = useState(milestone);
  const add = useInsertProjectRow("project_milestones", {
    successMessage: "Milestone added",
    errorMessage: "Could not add the milestone",
  });
  const update = useUpdateProjectRow("project_milestones", {
    successMessage: "Milestone saved",
    errorMessage: "Could not save the milestone",
  });
  const form = useRecordForm({
    defaultValues: toMilestoneFormValues(milestone, currentUserId),
    toPayload: (values: MilestoneFormValues) => ({
      ...(current ? {} : { project_id: projectId }),
      ...toMilestonePayload(values, current, new Date()),
    }),
    schema: milestone ? tables.project_milestones.update : tables.project_milestones.insert,
    submit: (payload) =>
      current
        ? update.mutateAsync({ id: current.id, version: current.updated_at, changes: payload })
        : add.mutateAsync(payload as Parameters<typeof add.mutateAsync>[0]),
    formPathOf: (path) =>
      path[0] === "billing_share_bp" ? ["share"] : path[0] === "reached_at" ? ["reached"] : path,
    placeError: shareCapProblem,
  });
  const reload = async () => {
    if (!current) return;
    const fresh = await readRecord("project_milestones", current.id);
    if (!fresh) return;
    setCurrent(fresh);
    form.reset(toMilestoneFormValues(fresh, currentUserId));
  };
  return (
    <RecordForm
      form={form}
      submitLabel={milestone ? "Save Milestone" : "Add Milestone"}
      onSaved={onClose}
      onCancel={onClose}
      onReload={reload}
    >
      <TextField name="title" label="Title" autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="due_date" label="Due" isOptional type="date" />
        <TextField name="share" label="Billing share (%)" isOptional inputMode="decimal" autoComplete="off" />
        <Field name="assignee_id" label="Assignee" isOptional>
          {(control) => <AssigneeSelect {...control} />}
        </Field>
      </div>
      {milestone ? <CheckboxField name="reached" label="Reached" /> : null}
    </RecordForm>
  );
}
