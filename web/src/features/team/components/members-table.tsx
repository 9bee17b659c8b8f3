import type { TeamMember } from "@app/contracts";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { type MemberAction, MemberActionsMenu } from "@/features/team/components/member-actions-menu";
import { hasMfa, memberStatus, STATUS_LABELS } from "@/features/team/utils/member-status";
import { formatDateTime, formatRelativeTime } from "@/lib/format";
import { roleLabel } from "@/lib/roles";

type MembersTableProps = {
  members: TeamMember[];
  currentUserId: string | null;
  onAction(action: MemberAction): void;
};

export function MembersTable({ members, currentUserId, onAction }: MembersTableProps) {
  return (
    <Table aria-label="Team members">
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Email</TableHead>
          <TableHead scope="col">Role</TableHead>
          <TableHead scope="col">Last sign-in</TableHead>
          <TableHead scope="col">MFA</TableHead>
          <TableHead scope="col">Status</TableHead>
          <TableHead scope="col" rowActions>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {members.map((member) => {
          const status = memberStatus(member);
          const isSelf = member.id === currentUserId;
          return (
            <TableRow key={member.id}>
              <TableHead
                scope="row"
                className="min-w-44 font-medium whitespace-normal! wrap-anywhere text-foreground!"
              >
                {member.email}
                {isSelf ? <span className="font-normal text-muted-foreground"> (you)</span> : null}
              </TableHead>
              <TableCell>{roleLabel(member.role)}</TableCell>
              <TableCell className="whitespace-nowrap">
                {member.last_sign_in_at ? (
                  <time dateTime={member.last_sign_in_at} title={formatDateTime(member.last_sign_in_at)}>
                    {formatRelativeTime(member.last_sign_in_at)}
                  </time>
                ) : (
                  <span className="text-muted-foreground">Never</span>
                )}
              </TableCell>
              <TableCell>{hasMfa(member) ? "On" : "Off"}</TableCell>
              <TableCell>
                <Badge variant={STATUS_LABELS[status].variant}>{STATUS_LABELS[status].label}</Badge>
              </TableCell>
              <TableCell rowActions>
                <MemberActionsMenu
                  member={member}
                  isBanned={status === "banned"}
                  isSelf={isSelf}
                  onAction={onAction}
                />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
