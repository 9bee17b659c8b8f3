import { ShieldAlert, UserPlus, Users } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { SettingsNav } from "@/components/settings-nav";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadFailed } from "@/components/ui/load-failed";
import { LoadingStatus } from "@/components/ui/loading-status";
import { PageHeading } from "@/components/ui/page-heading";
import { useTeamMembers } from "@/features/team/api/list-members";
import { InviteMemberDialog } from "@/features/team/components/invite-member-dialog";
import type { MemberAction } from "@/features/team/components/member-actions-menu";
import { MemberActionDialog } from "@/features/team/components/member-dialogs";
import { MembersTable } from "@/features/team/components/members-table";
import { WaitingAccounts } from "@/features/team/components/waiting-accounts";
import { isOnTeam, sortMembers } from "@/features/team/utils/member-status";
import { useCurrentUserId, useIsAdmin } from "@/lib/use-auth";
import { useDocumentTitle } from "@/lib/use-document-title";

const DESCRIPTION = "Who can sign in to the back office, with which role, and how their accounts stand.";

/** Team administration: administrators only (the server refuses everyone else as well). */
export function TeamPage() {
  useDocumentTitle("Team");
  const isAdmin = useIsAdmin();
  if (!isAdmin) return <AdministratorsOnly />;
  return <TeamScreen />;
}

function AdministratorsOnly() {
  return (
    <div className="grid gap-6">
      <PageHeading title="Team" />
      <SettingsNav />
      <EmptyState
        icon={ShieldAlert}
        title="Only administrators can manage the team"
        description="Ask an administrator if you need someone invited, their role changed or their account unlocked."
      >
        <Button asChild variant="secondary">
          <Link to="/app">Back to the dashboard</Link>
        </Button>
      </EmptyState>
    </div>
  );
}

function TeamScreen() {
  const list = useTeamMembers();
  const currentUserId = useCurrentUserId();
  const [isInviting, setIsInviting] = useState(false);
  const [action, setAction] = useState<MemberAction | null>(null);
  const members = sortMembers((list.data ?? []).filter(isOnTeam));
  const waiting = sortMembers((list.data ?? []).filter((member) => !isOnTeam(member)));
  const closeAction = () => setAction(null);
  const invite = (
    <Button onClick={() => setIsInviting(true)}>
      <UserPlus aria-hidden="true" />
      Invite Colleague
    </Button>
  );

  return (
    <div className="grid gap-6">
      <PageHeading title="Team" description={DESCRIPTION} actions={invite} />
      <SettingsNav />
      {list.isPending ? (
        <LoadingStatus>Loading the team...</LoadingStatus>
      ) : list.isError && !list.data ? (
        <LoadFailed onRetry={() => list.refetch()}>Failed to load the team.</LoadFailed>
      ) : members.length === 0 ? (
        <EmptyState icon={Users} title="No team members yet" description="Invite a colleague to get started.">
          <Button variant="secondary" onClick={() => setIsInviting(true)}>
            <UserPlus aria-hidden="true" />
            Invite Colleague
          </Button>
        </EmptyState>
      ) : (
        <Card className="min-w-0 p-2" aria-busy={list.isFetching || undefined}>
          <MembersTable members={members} currentUserId={currentUserId} onAction={setAction} />
        </Card>
      )}
      {list.data ? <WaitingAccounts accounts={waiting} /> : null}
      <InviteMemberDialog open={isInviting} onOpenChange={setIsInviting} />
      {action ? <MemberActionDialog action={action} onClose={closeAction} /> : null}
    </div>
  );
}
