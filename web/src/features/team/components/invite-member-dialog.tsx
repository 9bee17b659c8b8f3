import { inviteMemberSchema } from "@app/contracts";
import { FormField } from "@/components/form/form-field";
import { FormFooter } from "@/components/form/form-footer";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { useInviteMember } from "@/features/team/api/invite-member";
import { ROLE_OPTIONS } from "@/lib/roles";
import { FieldProblem, useRecordForm } from "@/lib/use-record-form";

type InviteMemberDialogProps = { open: boolean; onOpenChange(open: boolean): void };

/** An invitation carries a back-office role, so "No access" is not offered. */
const INVITE_ROLES = ROLE_OPTIONS.filter((option) => option.value !== "");

export function InviteMemberDialog({ open, onOpenChange }: InviteMemberDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite a colleague</DialogTitle>
          <DialogDescription>
            They get an e-mail with a link to set their password and sign in to the back office.
          </DialogDescription>
        </DialogHeader>
        {open ? <InviteMemberForm onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function InviteMemberForm({ onClose }: { onClose(): void }) {
  const invite = useInviteMember();
  const form = useRecordForm({
    initialValues: { email: "", role: "staff" },
    toPayload: (values) => values,
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
  const { errors, textField, fieldIds } = form;

  return (
    <form
      ref={form.formRef}
      noValidate
      aria-label="Invite a colleague"
      className="grid gap-4"
      onSubmit={async (event) => {
        if (await form.handleSubmit(event)) onClose();
      }}
    >
      <FormField {...fieldIds("email")} label="Email" error={errors.email}>
        <Input {...textField("email")} type="email" autoComplete="off" />
      </FormField>
      <FormField {...fieldIds("role")} label="Role" error={errors.role}>
        <NativeSelect {...textField("role")}>
          {INVITE_ROLES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormFooter
        isBusy={form.isSubmitting}
        submitLabel="Send Invitation"
        formError={form.formError}
        onCancel={onClose}
      />
    </form>
  );
}
