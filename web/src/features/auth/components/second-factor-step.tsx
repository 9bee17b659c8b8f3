import type { AuthClient } from "@app/auth-client";
import { ShieldCheck } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { CodeField } from "@/components/form/code-field";
import { FormField } from "@/components/form/form-field";
import { SubmitButton } from "@/components/form/submit-button";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { NativeSelect } from "@/components/ui/native-select";
import { checkTotpCode, describeFactorError, normalizeTotpCode } from "@/lib/second-factor";
import { useAuth } from "@/lib/use-auth";
import { useDocumentTitle } from "@/lib/use-document-title";

type SecondFactorStepProps = {
  client: AuthClient;
  onVerified: () => void;
};

/** The 6-digit code after the password or e-mail link; a right one raises the session to aal2. */
export function SecondFactorStep({ client, onVerified }: SecondFactorStepProps) {
  const id = useId();
  const { user, signOut } = useAuth();
  useDocumentTitle("Two-factor authentication");
  const factors = (user?.factors ?? []).filter((f) => f.status === "verified" && f.factor_type === "totp");
  const [factorId, setFactorId] = useState(factors[0]?.id ?? "");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    const normalized = normalizeTotpCode(code);
    const problem = checkTotpCode(normalized);
    setError(problem);
    if (problem) return;
    setIsBusy(true);
    // The client answers failures (a network error too) rather than throwing them.
    // Success commits the aal2 session (MFA_CHALLENGE_VERIFIED); the guard then lets the back office in.
    const { error: refused } = await client.mfa.challengeAndVerify({ factorId, code: normalized });
    setIsBusy(false);
    if (refused) {
      setError(describeFactorError(refused));
      setCode("");
      return;
    }
    onVerified();
  }

  return (
    <main className="grid min-h-dvh place-items-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <ShieldCheck className="size-10 text-primary" aria-hidden="true" />
          <h1 className="text-2xl font-semibold leading-tight">Two-factor authentication</h1>
          <CardDescription>
            Enter the 6-digit code from your authenticator app to finish signing in.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <form onSubmit={handleSubmit} aria-label="Two-factor code" className="grid gap-4" noValidate>
            {factors.length > 1 ? (
              <FormField id={`${id}-factor`} errorId={`${id}-factor-error`} label="Authenticator app">
                <NativeSelect
                  id={`${id}-factor`}
                  value={factorId}
                  onChange={(event) => setFactorId(event.target.value)}
                >
                  {factors.map((factor, index) => (
                    <option key={factor.id} value={factor.id}>
                      {factor.friendly_name || `Authenticator app ${index + 1}`}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
            ) : null}
            <CodeField
              id={`${id}-code`}
              label="Authentication code"
              value={code}
              onChange={setCode}
              error={error}
              autoFocus
            />
            {/* Announced as it appears: the field's own error is only tied to the input. */}
            <p role="alert" className="sr-only">
              {error ?? ""}
            </p>
            <SubmitButton isBusy={isBusy} label="Verify" busyLabel="Verifying..." className="w-full" />
          </form>
          <div className="flex flex-wrap justify-center gap-2">
            <Button variant="ghost" onClick={() => void signOut()} disabled={isBusy}>
              Sign Out
            </Button>
          </div>
        </CardContent>
      </Card>
    </main>
  );
}
