import { MailCheck } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { FormField } from "@/components/form/form-field";
import { SubmitButton } from "@/components/form/submit-button";
import { Input } from "@/components/ui/input";
import { useChangeEmail } from "@/features/settings/api/update-account";
import { checkNewEmail } from "@/features/settings/utils/account-forms";
import { useAuth } from "@/lib/use-auth";

/**
 * A new address is confirmed twice: by a link to the current address (so a borrowed session cannot move
 * the account) and by one to the new address (so it is really yours). Nothing changes before both.
 */
export function EmailChangeForm() {
  const id = useId();
  const { user } = useAuth();
  const currentEmail = user?.email ?? "";
  const pendingEmail = user?.new_email ?? null;
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string>();
  const change = useChangeEmail();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkNewEmail(email, currentEmail);
    setError(checked.error);
    if (checked.value === undefined) return;
    change.mutate(checked.value, { onSuccess: () => setEmail("") });
  }

  return (
    <div className="grid gap-4">
      <p className="text-sm">
        You sign in with <strong className="font-semibold">{currentEmail}</strong>.
      </p>
      {pendingEmail ? (
        <div role="status" className="flex gap-3 rounded-lg border border-primary/60 bg-muted p-4 text-sm">
          <MailCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <p>
            Waiting for confirmation: we sent a link to <strong>{currentEmail}</strong> and one to{" "}
            <strong>{pendingEmail}</strong>. Your address changes to {pendingEmail} once both links are
            opened; until then, keep signing in with {currentEmail}.
          </p>
        </div>
      ) : null}
      <form onSubmit={handleSubmit} aria-label="Change e-mail address" className="grid gap-4" noValidate>
        <FormField id={`${id}-email`} errorId={`${id}-email-error`} label="New e-mail address" error={error}>
          <p id={`${id}-email-hint`} className="-mt-1 text-sm text-muted-foreground">
            We e-mail a confirmation link to your current address and one to the new address. The change takes
            effect only after you open both.
          </p>
          <Input
            id={`${id}-email`}
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            autoComplete="email"
            aria-invalid={error ? true : undefined}
            aria-describedby={[`${id}-email-hint`, error ? `${id}-email-error` : ""].join(" ").trim()}
          />
        </FormField>
        <div>
          <SubmitButton isBusy={change.isPending} label="Change e-mail" busyLabel="Sending links..." />
        </div>
      </form>
    </div>
  );
}
