import type { TeamMember } from "@app/contracts";
import { Trash2, UserCheck } from "lucide-react";
import { useId, useState } from "react";
import { ConfirmDialog } from "@/components/form/confirm-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useDeleteMember } from "@/features/team/api/delete-member";
import { useSetMemberRole } from "@/features/team/api/set-member-role";
import { memberStatus, STATUS_LABELS } from "@/features/team/utils/member-status";
import { formatRelativeTime } from "@/lib/format";

type Decision = { kind: "grant" | "delete"; account: TeamMember };

/**
 * Accounts made on the public Sign Up tab that nobody gave a role: not the team, and able to see nothing
 * of the back office until an administrator grants staff, or deletes the account.
 */
export function WaitingAccounts({ accounts }: { accounts: TeamMember[] }) {
  const id = useId();
  const [filter, setFilter] = useState("");
  const [decision, setDecision] = useState<Decision | null>(null);
  const grant = useSetMemberRole();
  const remove = useDeleteMember();
  const wanted = filter.trim().toLowerCase();
  const shown = accounts.filter((account) => account.email.toLowerCase().includes(wanted));
  const close = () => {
    setDecision(null);
    grant.reset();
    remove.reset();
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Waiting for a role</CardTitle>
        <p className="text-sm text-muted-foreground">
          Accounts made on the public site's Sign Up tab. They see nothing of the back office until you grant
          staff.
        </p>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="grid gap-2 sm:max-w-sm">
          <Label htmlFor={`${id}-filter`}>Filter by e-mail</Label>
          <Input
            id={`${id}-filter`}
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        </div>
        {shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {accounts.length === 0 ? "No accounts are waiting." : "No waiting account matches."}
          </p>
        ) : (
          <ul className="grid gap-2" aria-label="Accounts waiting for a role">
            {shown.map((account) => {
              const status = STATUS_LABELS[memberStatus(account)];
              return (
                <li
                  key={account.id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3"
                >
                  <span className="grid min-w-0 gap-0.5">
                    <span className="font-medium wrap-anywhere">{account.email}</span>
                    <span className="text-xs text-muted-foreground">
                      {status.label} · signed up {formatRelativeTime(account.created_at)}
                    </span>
                  </span>
                  <span className="flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Grant staff to ${account.email}`}
                      onClick={() => setDecision({ kind: "grant", account })}
                    >
                      <UserCheck aria-hidden="true" />
                      Grant staff
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Delete ${account.email}`}
                      onClick={() => setDecision({ kind: "delete", account })}
                    >
                      <Trash2 aria-hidden="true" />
                      Delete
                    </Button>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      {decision?.kind === "grant" ? (
        <ConfirmDialog
          title="Grant staff access?"
          description={`${decision.account.email} will see and change the back office's data from their next sign-in.`}
          confirmLabel="Grant staff"
          isPending={grant.isPending}
          error={grant.error}
          onConfirm={() => grant.mutate({ id: decision.account.id, role: "staff" }, { onSuccess: close })}
          onClose={close}
        />
      ) : null}
      {decision?.kind === "delete" ? (
        <ConfirmDialog
          title="Delete this account?"
          description={`${decision.account.email} can no longer sign in, and the account is gone for good.`}
          confirmLabel="Delete account"
          isDestructive
          isPending={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate(decision.account.id, { onSuccess: close })}
          onClose={close}
        />
      ) : null}
    </Card>
  );
}
