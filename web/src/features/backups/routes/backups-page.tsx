import { DatabaseBackup, ShieldAlert } from "lucide-react";
import { SettingsNav } from "@/components/settings-nav";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadingStatus } from "@/components/ui/loading-status";
import { PageHeading } from "@/components/ui/page-heading";
import { Spinner } from "@/components/ui/spinner";
import { useCreateBackup } from "@/features/backups/api/create-backup";
import { useBackups } from "@/features/backups/api/list-backups";
import { BackupsTable } from "@/features/backups/components/backups-table";
import { describeApiError } from "@/lib/api-errors";
import { useIsAdmin } from "@/lib/use-auth";
import { useDocumentTitle } from "@/lib/use-document-title";

const DESCRIPTION = "Snapshots of the database and uploaded files, kept on the server.";

const isForbidden = (error: unknown) => (error as { status?: unknown } | null)?.status === 403;

function BackUpNowButton({ isPending, onClick }: { isPending: boolean; onClick: () => void }) {
  return (
    <Button onClick={onClick} disabled={isPending} aria-busy={isPending || undefined}>
      {isPending ? <Spinner /> : <DatabaseBackup aria-hidden="true" />}
      {isPending ? "Backing up..." : "Back up now"}
    </Button>
  );
}

function OnlyAdministrators() {
  return (
    <EmptyState
      icon={ShieldAlert}
      title="Only administrators can manage backups"
      description="Ask an administrator if you need a backup made or restored."
    />
  );
}

/** Settings › Backups: the server's backups, and a button that makes one now (administrators only). */
export function BackupsPage() {
  useDocumentTitle("Backups");
  const isAdmin = useIsAdmin();
  const backups = useBackups({ enabled: isAdmin });
  const create = useCreateBackup();
  // The server has the last word: a role taken away since sign-in answers 403.
  const isRefused = !isAdmin || isForbidden(backups.error);
  const button = <BackUpNowButton isPending={create.isPending} onClick={create.backUpNow} />;
  // The empty state carries the button itself; one is enough on the screen.
  const isEmpty = backups.data?.status === 200 && backups.data.body.length === 0;

  return (
    <div className="grid gap-6">
      <PageHeading
        title="Backups"
        description={DESCRIPTION}
        actions={isRefused || isEmpty ? undefined : button}
      />
      <SettingsNav />
      {isRefused ? (
        <OnlyAdministrators />
      ) : backups.isPending ? (
        <LoadingStatus>Loading backups...</LoadingStatus>
      ) : backups.isError || backups.data?.status !== 200 ? (
        <div role="alert" className="grid justify-items-start gap-3">
          <p className="text-error-text">Failed to load backups. {describeApiError(backups.error)}</p>
          <Button variant="outline" onClick={() => backups.refetch()}>
            Try again
          </Button>
        </div>
      ) : isEmpty ? (
        <EmptyState
          icon={DatabaseBackup}
          title="No backups yet"
          description="Back up now to save the database and every uploaded file in one consistent snapshot."
        >
          {button}
        </EmptyState>
      ) : (
        <Card className="p-2" aria-busy={backups.isFetching || undefined}>
          <BackupsTable backups={backups.data.body} />
        </Card>
      )}
    </div>
  );
}
