import { inviteMemberSchema } from "@app/contracts";
import { fieldsFor } from "@/components/form/fields";
import { RecordForm } from "@/components/form/record-form";
import { RecordFormDialog } from "@/components/form/record-form-dialog";
import { FieldProblem, useRecordForm } from "@/components/form/use-record-form";
import { useInviteMember } from "@/features/team/api/invite-member";
import { ROLE_OPTIONS } from "@/lib/roles";

type InviteMemberDialogProps = { open: boolean; onOpenChange(open: boolean): void };

/** An invitation carries a back-office role, so "No access" is not offered. */
const INVITE_ROLES = ROLE_OPTIONS.filter((option) => option.value !== "");

export function InviteMemberDialog({ open, onOpenChange }: InviteMemberDialogProps) {
  return (
    <RecordFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Invite a colleague"
      description="They get an e-mail with a link to set their password and sign in to the back office."
    >
      <InviteMemberForm onClose={() => onOpenChange(false)} />
    </RecordFormDialog>
  );
}

type InviteFormValues = { email: string; role: string };
const { TextField, SelectField } = fieldsFor<InviteFormValues>();

function InviteMemberForm({ onClose }: { onClose(): void }) {
  const invite = useInviteMember();
  const form = useRecordForm({
    defaultValues: { email: "", role: "staff" },
    toPayload: (values: InviteFormValues) => values,
    schema: inviteMemberSchema,
    submit: async (invitation) => {
      try {
        await invite.mutateAsync(invitation);
      } catch (error) {
        // The address already has an account: the server's words belong next to the address.
        const response = error as { status?: number; body?: { message?: string } };
        if (response.status === 409 && response.body?.message) {
          throw new FieldProblem("email", response.body.message);
        }
        throw error;
      }
    },
  });

  return (
    <RecordForm
      form={form}
      label="Invite a colleague"
      submitLabel="Send Invitation"
      onSaved={onClose}
      onCancel={onClose}
    >
      <TextField name="email" label="Email" type="email" autoComplete="off" />
      <SelectField name="role" label="Role" options={INVITE_ROLES} />
    </RecordForm>
  );
}
