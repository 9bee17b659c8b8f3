import type { TeamFactor, TeamMember } from "@app/contracts";
import { Ban, KeyRound, MoreHorizontal, ShieldCheck, UserCog } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { factorName } from "@/features/team/utils/factor-name";

export type MemberAction =
  | { kind: "role"; member: TeamMember }
  | { kind: "ban"; member: TeamMember }
  | { kind: "unban"; member: TeamMember }
  | { kind: "factor"; member: TeamMember; factor: TeamFactor };

/** Marks each row's menu button, so focus can return to it after a dialog (Radix owns its id). */
const MEMBER_ACTIONS_ATTRIBUTE = "data-member-actions";

export function focusMemberActions(memberId: string) {
  document.querySelector<HTMLElement>(`[${MEMBER_ACTIONS_ATTRIBUTE}="${CSS.escape(memberId)}"]`)?.focus();
}

type MemberActionsMenuProps = {
  member: TeamMember;
  isBanned: boolean;
  /** One's own account: the server refuses banning yourself, so it is not offered. */
  isSelf: boolean;
  onAction(action: MemberAction): void;
};

export function MemberActionsMenu({ member, isBanned, isSelf, onAction }: MemberActionsMenuProps) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Actions for ${member.email}`}
          {...{ [MEMBER_ACTIONS_ATTRIBUTE]: member.id }}
        >
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => onAction({ kind: "role", member })}>
          <UserCog aria-hidden="true" />
          Change role…
        </DropdownMenuItem>
        {isBanned ? (
          <DropdownMenuItem onSelect={() => onAction({ kind: "unban", member })}>
            <ShieldCheck aria-hidden="true" />
            Lift ban…
          </DropdownMenuItem>
        ) : isSelf ? null : (
          <DropdownMenuItem onSelect={() => onAction({ kind: "ban", member })}>
            <Ban aria-hidden="true" />
            Ban…
          </DropdownMenuItem>
        )}
        {member.factors.map((factor) => (
          <DropdownMenuItem key={factor.id} onSelect={() => onAction({ kind: "factor", member, factor })}>
            <KeyRound aria-hidden="true" />
            Remove {factorName(factor)}…
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
