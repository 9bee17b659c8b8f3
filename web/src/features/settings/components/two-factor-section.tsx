import type { EnrolledTotpFactor, Factor } from "@app/auth-client";
import { ShieldCheck, ShieldOff } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import {
  useDiscardEnrollment,
  useEnrollFactor,
  useFactors,
  useRemoveFactor,
} from "@/features/settings/api/factors";
import { EnrollFactorPanel } from "@/features/settings/components/enroll-factor-panel";
import { SettingsSection } from "@/features/settings/components/settings-section";
import { describeApiError } from "@/lib/api-errors";
import { formatDateTime } from "@/lib/format";

const factorName = (factor: Factor) => factor.friendly_name || "Authenticator app";

/** Authenticator apps: add one (QR code, first code), see them, remove one. */
export function TwoFactorSection() {
  const factors = useFactors();
  const enroll = useEnrollFactor();
  const discard = useDiscardEnrollment();
  const [enrolling, setEnrolling] = useState<EnrolledTotpFactor | null>(null);

  const startEnrollment = () => enroll.mutate(undefined, { onSuccess: setEnrolling });
  function cancelEnrollment() {
    if (enrolling) discard.mutate(enrolling.id);
    setEnrolling(null);
  }

  const list = factors.data ?? [];
  // An enrolment closed before its first code is an unverified factor; the one on screen is not listed.
  const shown = list.filter((factor) => factor.id !== enrolling?.id);
  const hasVerified = list.some((factor) => factor.status === "verified");
  const addButton = enrolling ? null : (
    <Button onClick={startEnrollment} disabled={enroll.isPending} aria-busy={enroll.isPending || undefined}>
      {enroll.isPending ? <Spinner /> : null}
      {hasVerified ? "Add another app" : "Set up two-factor"}
    </Button>
  );

  return (
    <SettingsSection
      id="two-factor"
      title="Two-factor authentication"
      description="Sign-in asks for a 6-digit code from an app on your phone as well as your password or e-mail link."
      actions={factors.isSuccess ? addButton : null}
    >
      <div className="grid gap-4">
        {factors.isPending ? <Spinner label="Loading two-factor methods" className="size-5" /> : null}
        {factors.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm">
            <p className="text-error-text">{describeApiError(factors.error)}</p>
            <Button variant="outline" size="sm" onClick={() => void factors.refetch()}>
              Try again
            </Button>
          </div>
        ) : null}
        {factors.isSuccess && shown.length === 0 && !enrolling ? (
          <EmptyState
            icon={ShieldOff}
            title="Two-factor authentication is off"
            description="Add an authenticator app so that a stolen password alone is not enough to sign in as you."
          />
        ) : null}
        {shown.length > 0 ? (
          <ul className="grid gap-2" aria-label="Your authenticator apps">
            {shown.map((factor) => (
              <FactorRow key={factor.id} factor={factor} />
            ))}
          </ul>
        ) : null}
        {enrolling ? (
          <EnrollFactorPanel
            factor={enrolling}
            onDone={() => setEnrolling(null)}
            onCancel={cancelEnrollment}
          />
        ) : null}
      </div>
    </SettingsSection>
  );
}

function FactorRow({ factor }: { factor: Factor }) {
  const remove = useRemoveFactor();
  const [isConfirming, setIsConfirming] = useState(false);
  const name = factorName(factor);
  const isVerified = factor.status === "verified";

  return (
    <li className="grid gap-3 rounded-lg border p-3 sm:flex sm:flex-wrap sm:items-center sm:justify-between">
      <div className="flex items-center gap-3">
        <ShieldCheck className="size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="grid">
          <span className="font-medium">{name}</span>
          <span className="text-sm text-muted-foreground">Added {formatDateTime(factor.created_at)}</span>
        </div>
        <Badge variant={isVerified ? "green" : "yellow"} className="normal-case">
          {isVerified ? "Active" : "Setup not finished"}
        </Badge>
      </div>
      {isConfirming ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm">
            {isVerified
              ? `Remove ${name}? Sign-in will no longer ask for its codes.`
              : "Remove this unfinished setup?"}
          </span>
          <Button
            variant="destructive"
            size="sm"
            onClick={() => remove.mutate(factor.id)}
            disabled={remove.isPending}
            aria-busy={remove.isPending || undefined}
          >
            {remove.isPending ? <Spinner /> : null}
            Remove
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setIsConfirming(false)}
            disabled={remove.isPending}
          >
            Keep
          </Button>
        </div>
      ) : (
        <Button
          variant="outline"
          size="sm"
          onClick={() => setIsConfirming(true)}
          aria-label={`Remove ${name}`}
        >
          Remove
        </Button>
      )}
    </li>
  );
}
