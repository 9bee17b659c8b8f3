import type { TeamFactor, TeamMember } from "@app/contracts";
import { useId, useState } from "react";
import { ConfirmDialog } from "@/components/form/confirm-dialog";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { useBanMember, useUnbanMember } from "@/features/team/api/ban-member";
import { useRemoveFactor } from "@/features/team/api/remove-factor";
import { useSetMemberRole } from "@/features/team/api/set-member-role";
import { focusMemberActions, type MemberAction } from "@/features/team/components/member-actions-menu";
import { factorName } from "@/features/team/utils/factor-name";
import { parseRole } from "@/features/team/utils/member-status";
import { ROLE_OPTIONS, roleLabel } from "@/lib/roles";

type MemberDialogProps = { member: TeamMember; onClose(): void; returnFocus(): void };

/** The confirming dialog of the action picked in a row's menu; closed, it hands focus back to that menu. */
export function MemberActionDialog({ action, onClose }: { action: MemberAction; onClose(): void }) {
  const props = { member: action.member, onClose, returnFocus: () => focusMemberActions(action.member.id) };
  switch (action.kind) {
    case "role":
      return <ChangeRoleDialog {...props} />;
    case "ban":
      return <BanMemberDialog {...props} />;
    case "unban":
      return <UnbanMemberDialog {...props} />;
    case "factor":
      return <RemoveFactorDialog {...props} factor={action.factor} />;
  }
}

function ChangeRoleDialog({ member, onClose, returnFocus }: MemberDialogProps) {
  const setRole = useSetMemberRole();
  const [role, setRoleValue] = useState<string>(member.role ?? "");
  const selectId = useId();
  return (
    <ConfirmDialog
      title="Change role"
      description={`${member.email} is ${roleLabel(member.role)} now. A new role ends their sessions, so it applies when they sign in again.`}
      confirmLabel="Change Role"
      isPending={setRole.isPending}
      error={setRole.error}
      onConfirm={() => setRole.mutate({ id: member.id, role: parseRole(role) }, { onSuccess: onClose })}
      onClose={onClose}
      returnFocus={returnFocus}
    >
      <div className="grid gap-2">
        <Label htmlFor={selectId}>Role</Label>
        <NativeSelect id={selectId} value={role} onChange={(event) => setRoleValue(event.target.value)}>
          {ROLE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </div>
    </ConfirmDialog>
  );
}

function BanMemberDialog({ member, onClose, returnFocus }: MemberDialogProps) {
  const ban = useBanMember();
  return (
    <ConfirmDialog
      title={`Ban ${member.email}?`}
      description={`${member.email} is signed out everywhere at once and cannot sign in until you lift the ban.`}
      confirmLabel="Ban"
      isDestructive
      isPending={ban.isPending}
      error={ban.error}
      onConfirm={() => ban.mutate(member.id, { onSuccess: onClose })}
      onClose={onClose}
      returnFocus={returnFocus}
    />
  );
}

function UnbanMemberDialog({ member, onClose, returnFocus }: MemberDialogProps) {
  const unban = useUnbanMember();
  return (
    <ConfirmDialog
      title={`Lift the ban on ${member.email}?`}
      description={`${member.email} can sign in again with their password (and second factor, if they have one).`}
      confirmLabel="Lift Ban"
      isPending={unban.isPending}
      error={unban.error}
      onConfirm={() => unban.mutate(member.id, { onSuccess: onClose })}
      onClose={onClose}
      returnFocus={returnFocus}
    />
  );
}

function RemoveFactorDialog({
  member,
  factor,
  onClose,
  returnFocus,
}: MemberDialogProps & { factor: TeamFactor }) {
  const remove = useRemoveFactor();
  return (
    <ConfirmDialog
      title={`Remove ${factorName(factor)} from ${member.email}?`}
      description={`${member.email} can then sign in with their password alone. Ask them to set up a new authenticator app straight away.`}
      confirmLabel="Remove Factor"
      isDestructive
      isPending={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutate({ memberId: member.id, factorId: factor.id }, { onSuccess: onClose })}
      onClose={onClose}
      returnFocus={returnFocus}
    />
  );
}
