import type { EnrolledTotpFactor } from "@app/auth-client";
import { type FormEvent, useId, useState } from "react";
import { CodeField } from "@/components/form/code-field";
import { SubmitButton } from "@/components/form/submit-button";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useVerifyFactor } from "@/features/settings/api/factors";
import { groupSecret, qrCodeSrc } from "@/features/settings/utils/qr-code-src";
import { isAuthError } from "@/lib/api-errors";
import { checkTotpCode, describeFactorError, normalizeTotpCode } from "@/lib/second-factor";

type EnrollFactorPanelProps = {
  factor: EnrolledTotpFactor;
  onDone: () => void;
  onCancel: () => void;
};

/** The QR code and secret of a new factor, and its first code, which turns two-factor on. */
export function EnrollFactorPanel({ factor, onDone, onCancel }: EnrollFactorPanelProps) {
  const id = useId();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const verify = useVerifyFactor();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const normalized = normalizeTotpCode(code);
    const problem = checkTotpCode(normalized);
    setError(problem);
    if (problem) return;
    verify.mutate(
      { factorId: factor.id, code: normalized },
      {
        onSuccess: onDone,
        onError: (refused) =>
          setError(isAuthError(refused) ? describeFactorError(refused) : "The code could not be checked."),
      },
    );
  }

  return (
    <form
      onSubmit={handleSubmit}
      aria-label="Set up an authenticator app"
      className="grid gap-5 rounded-lg border p-4"
      noValidate
    >
      <ol className="grid list-decimal gap-2 pl-5 text-sm">
        <li>
          Open an authenticator app on your phone (for example Google Authenticator, 1Password or Authy).
        </li>
        <li>Scan the QR code, or type the setup key by hand.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-wrap items-start gap-6">
        {/* A white quiet zone: phone cameras read dark-on-light codes. */}
        <img
          src={qrCodeSrc(factor.totp.qr_code)}
          alt="QR code to scan with your authenticator app"
          className="size-44 rounded-md bg-white p-2"
        />
        <div className="grid min-w-0 flex-1 gap-2">
          <Label htmlFor={`${id}-secret`}>Setup key</Label>
          <Input
            id={`${id}-secret`}
            readOnly
            value={groupSecret(factor.totp.secret)}
            onFocus={(event) => event.currentTarget.select()}
            className="font-mono"
            aria-describedby={`${id}-secret-hint`}
          />
          <p id={`${id}-secret-hint`} className="text-sm text-muted-foreground">
            Time-based, 6 digits, every 30 seconds.
          </p>
        </div>
      </div>
      <CodeField
        id={`${id}-code`}
        label="Code from the app"
        value={code}
        onChange={setCode}
        error={error}
        autoFocus
      />
      <div className="flex flex-wrap gap-2">
        <SubmitButton isBusy={verify.isPending} label="Verify and turn on" busyLabel="Verifying..." />
        <Button type="button" variant="outline" onClick={onCancel} disabled={verify.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
