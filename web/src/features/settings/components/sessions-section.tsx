import type { UserSession } from "@app/auth-client";
import { Laptop, LogOut } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { useEndSession, useSignOutOtherSessions } from "@/features/settings/api/end-sessions";
import { useUserSessions } from "@/features/settings/api/list-sessions";
import { SettingsSection } from "@/features/settings/components/settings-section";
import { describeDevice } from "@/features/settings/utils/describe-device";
import { describeApiError } from "@/lib/api-errors";
import { formatDateTime, formatRelativeTime } from "@/lib/format";

/** Where the user is signed in; any other one can be ended, one by one or all at once. */
export function SessionsSection() {
  const sessions = useUserSessions();
  const signOutOthers = useSignOutOtherSessions();
  const list = sessions.data ?? [];
  const hasOthers = list.some((session) => !session.current);

  return (
    <SettingsSection
      id="sessions"
      title="Sessions"
      description="The browsers and devices signed in to your account. End any you do not recognise."
      actions={
        hasOthers ? (
          <Button
            variant="outline"
            onClick={() => signOutOthers.mutate()}
            disabled={signOutOthers.isPending}
            aria-busy={signOutOthers.isPending || undefined}
          >
            {signOutOthers.isPending ? <Spinner /> : <LogOut aria-hidden="true" />}
            Sign out other sessions
          </Button>
        ) : null
      }
    >
      {sessions.isPending ? <Spinner label="Loading sessions" className="size-5" /> : null}
      {sessions.isError ? (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p className="text-error-text">{describeApiError(sessions.error)}</p>
          <Button variant="outline" size="sm" onClick={() => void sessions.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {sessions.isSuccess && list.length === 0 ? (
        <EmptyState
          icon={Laptop}
          title="No sessions found"
          description="Sign in again to see this device here."
        />
      ) : null}
      {list.length > 0 ? (
        <ul className="grid gap-2" aria-label="Signed-in sessions">
          {list.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      ) : null}
      {sessions.isSuccess && list.length > 0 && !hasOthers ? (
        <p className="mt-3 text-sm text-muted-foreground">You are not signed in anywhere else.</p>
      ) : null}
    </SettingsSection>
  );
}

function SessionRow({ session }: { session: UserSession }) {
  const end = useEndSession();
  const device = describeDevice(session.user_agent);
  return (
    <li className="grid gap-3 rounded-lg border p-3 sm:flex sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <Laptop className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="grid min-w-0 gap-0.5 text-sm">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-medium" title={session.user_agent ?? undefined}>
              {device}
            </span>
            {session.current ? (
              <Badge variant="green" className="normal-case">
                This device
              </Badge>
            ) : null}
          </span>
          <span className="text-muted-foreground">IP address {session.ip ?? "unknown"}</span>
          <span className="text-muted-foreground">
            Signed in {formatDateTime(session.created_at)} · Last active{" "}
            <time dateTime={session.refreshed_at} title={formatDateTime(session.refreshed_at)}>
              {formatRelativeTime(session.refreshed_at)}
            </time>
          </span>
        </div>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          onClick={() => end.mutate(session.id)}
          disabled={end.isPending}
          aria-busy={end.isPending || undefined}
          aria-label={`End session on ${device}`}
        >
          {end.isPending ? <Spinner /> : null}
          End session
        </Button>
      )}
    </li>
  );
}
