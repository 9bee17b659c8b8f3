import { ArrowLeft, SearchX } from "lucide-react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadingStatus } from "@/components/ui/loading-status";

/** A record page's loading and not-found states, with the way back to its list. */
export function RecordLoading({ noun }: { noun: string }) {
  return <LoadingStatus>Loading {noun}...</LoadingStatus>;
}

export function RecordNotFound({
  noun,
  backTo,
  backLabel,
}: {
  noun: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <EmptyState
      icon={SearchX}
      title={`No ${noun} found`}
      description={`This ${noun} does not exist or was deleted.`}
    >
      <Button asChild variant="secondary">
        <Link to={backTo}>{backLabel}</Link>
      </Button>
    </EmptyState>
  );
}

export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1 justify-self-start text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {label}
    </Link>
  );
}
