import { PROJECT_MEMBER_ROLES, tables } from "@app/contracts";
import { Plus } from "lucide-react";
import { useState } from "react";
import { fieldsFor } from "@/components/form/fields";
import { RecordForm } from "@/components/form/record-form";
import { RecordFormDialog } from "@/components/form/record-form-dialog";
import { useRecordForm } from "@/components/form/use-record-form";
import { Button } from "@/components/ui/button";
import { useProjectMembers } from "@/features/projects/api/get-project";
import { personName, usePeople } from "@/features/projects/api/list-options";
import { useInsertProjectRow, useUpdateProjectRow } from "@/features/projects/api/project-writes";
import { PartActions } from "@/features/projects/components/part-actions";
import { PersonPicker } from "@/features/projects/components/person-picker";
import { ProjectSection } from "@/features/projects/components/project-section";
import { RemovePartDialog } from "@/features/projects/components/remove-part-dialog";
import { MEMBER_ROLE_LABELS } from "@/features/projects/utils/project-labels";
import { nullIfBlank } from "@/lib/form-values";
import { formatOre, kronorTextOf, oreOrNull } from "@/lib/money";
import { readRecord } from "@/lib/read-table";
import type { TableRow } from "@/lib/table-writes";

type Member = TableRow<"project_members">;
type MemberFormValues = { contact_id: string; role: string; rate: string };

const { Field, TextField, SelectField } = fieldsFor<MemberFormValues>();

/** The project's team: who works on it, in which role, at what rate; added, edited and removed here. */
export function ProjectTeam({ projectId, feeModel }: { projectId: string; feeModel: string }) {
  const members = useProjectMembers(projectId);
  const rows = members.data ?? [];
  const people = usePeople({ ids: rows.map((member) => member.contact_id) });
  const names = new Map((people.data ?? []).map((person) => [person.id, personName(person)]));
  const [isAdding, setIsAdding] = useState(false);
  const [editing, setEditing] = useState<Member | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const rateUnit = feeModel === "daily" ? "day" : "hour";

  return (
    <ProjectSection
      title="Team"
      action={
        <Button size="sm" variant="secondary" onClick={() => setIsAdding(true)}>
          <Plus aria-hidden="true" />
          Add member
        </Button>
      }
    >
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nobody is on the team yet.</p>
      ) : (
        <ul className="grid gap-2">
          {rows.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>
                <span className="font-medium">{names.get(member.contact_id) ?? "A contact"}</span>
                {" · "}
                {MEMBER_ROLE_LABELS[member.role]}
                {member.rate_ore === null ? null : ` · ${formatOre(member.rate_ore)} per ${rateUnit}`}
              </span>
              <span className="flex items-center gap-1">
                <PartActions
                  name={`${names.get(member.contact_id) ?? "member"} as ${MEMBER_ROLE_LABELS[member.role]}`}
                  onEdit={() => setEditing(member)}
                  onRemove={() => setRemoving(member)}
                />
              </span>
            </li>
          ))}
        </ul>
      )}
      <RecordFormDialog
        open={isAdding}
        onOpenChange={setIsAdding}
        title="Add a team member"
        description={`A contact in a role, with an optional rate in SEK per ${rateUnit}.`}
      >
        <MemberForm projectId={projectId} member={null} onClose={() => setIsAdding(false)} />
      </RecordFormDialog>
      <RecordFormDialog
        open={editing !== null}
        onOpenChange={(open) => (open ? null : setEditing(null))}
        title={`Edit ${editing ? (names.get(editing.contact_id) ?? "the member") : "the member"}`}
        description={`Their role on the project and an optional rate in SEK per ${rateUnit}.`}
      >
        {editing ? (
          <MemberForm projectId={projectId} member={editing} onClose={() => setEditing(null)} />
        ) : null}
      </RecordFormDialog>
      {removing ? (
        <RemovePartDialog
          table="project_members"
          row={removing}
          title="Remove from the team?"
          description={`${names.get(removing.contact_id) ?? "This contact"} will no longer be on the project as ${MEMBER_ROLE_LABELS[removing.role]}.`}
          messages={{
            successMessage: "Removed from the team",
            errorMessage: "Could not remove the team member",
          }}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </ProjectSection>
  );
}

const toMemberFormValues = (member: Member | null): MemberFormValues => ({
  contact_id: member?.contact_id ?? "",
  role: member?.role ?? "producer",
  rate: kronorTextOf(member?.rate_ore),
});

type MemberFormProps = {
  projectId: string;
  /** The member to edit, as last read (the contact stays, role and rate change); null to add one. */
  member: Member | null;
  onClose(): void;
};

function MemberForm({ projectId, member, onClose }: MemberFormProps) {
  const [current, setCurrent] = useState(member);
  const add = useInsertProjectRow("project_members", {
    successMessage: "Added to the team",
    errorMessage: "Could not add the team member",
  });
  const update = useUpdateProjectRow("project_members", {
    successMessage: "Team member saved",
    errorMessage: "Could not save the team member",
  });
  const form = useRecordForm({
    defaultValues: toMemberFormValues(member),
    toPayload: (values: MemberFormValues) => ({
      ...(current ? {} : { project_id: projectId, contact_id: nullIfBlank(values.contact_id) ?? "" }),
      role: values.role,
      rate_ore: oreOrNull(values.rate),
    }),
    schema: member ? tables.project_members.update : tables.project_members.insert,
    submit: (payload) =>
      current
        ? update.mutateAsync({ id: current.id, version: current.updated_at, changes: payload })
        : add.mutateAsync(payload as Parameters<typeof add.mutateAsync>[0]),
    formPathOf: (path) => (path[0] === "rate_ore" ? ["rate"] : path),
  });
  const reload = async () => {
    if (!current) return;
    const fresh = await readRecord("project_members", current.id);
    if (!fresh) return;
    setCurrent(fresh);
    form.reset(toMemberFormValues(fresh));
  };
  return (
    <RecordForm
      form={form}
      submitLabel={member ? "Save Member" : "Add Member"}
      onSaved={onClose}
      onCancel={onClose}
      onReload={reload}
    >
      {member ? null : (
        <Field name="contact_id" label="Contact">
          {(control) => <PersonPicker {...control} />}
        </Field>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          name="role"
          label="Role"
          options={PROJECT_MEMBER_ROLES.map((role) => ({ value: role, label: MEMBER_ROLE_LABELS[role] }))}
        />
        <TextField name="rate" label="Rate (SEK)" isOptional inputMode="decimal" autoComplete="off" />
      </div>
    </RecordForm>
  );
}
