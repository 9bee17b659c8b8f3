import type { WeakPasswordReason } from "@app/auth-client";
import { MailCheck } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { CodeField } from "@/components/form/code-field";
import { FormField } from "@/components/form/form-field";
import { SubmitButton } from "@/components/form/submit-button";
import { WeakPasswordNote } from "@/components/form/weak-password-note";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useChangePassword, useRequestReauthentication } from "@/features/settings/api/update-account";
import {
  checkNewPassword,
  describePasswordRefusal,
  type PasswordFieldErrors,
} from "@/features/settings/utils/account-forms";
import { isAuthError } from "@/lib/api-errors";
import { normalizeTotpCode } from "@/lib/second-factor";
import { useAuth } from "@/lib/use-auth";

type Errors = PasswordFieldErrors & { nonce?: string; form?: string; reasons?: WeakPasswordReason[] };

const UNKNOWN_FAILURE = "The password could not be changed. Please try again.";

/**
 * A new password. When the session is old the server first wants proof of the mailbox: it is asked to mail
 * a code, and the change is sent again with that code as the nonce.
 */
export function PasswordForm() {
  const id = useId();
  const { user } = useAuth();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [nonce, setNonce] = useState("");
  const [isCodeSent, setIsCodeSent] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [isDone, setIsDone] = useState(false);
  const change = useChangePassword();
  const requestCode = useRequestReauthentication();

  function sendCode() {
    requestCode.mutate(undefined, {
      onSuccess: () => {
        setIsCodeSent(true);
        setNonce("");
        setErrors({});
      },
    });
  }

  function handleRefusal(error: Error) {
    if (!isAuthError(error)) return setErrors({ form: UNKNOWN_FAILURE });
    if (error.code === "reauthentication_needed") return sendCode();
    const refusal = describePasswordRefusal(error);
    if (refusal.field === "password") {
      return setErrors({ password: refusal.message, reasons: refusal.reasons as WeakPasswordReason[] });
    }
    setErrors({ [refusal.field]: refusal.message });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsDone(false);
    const fieldErrors: Errors = checkNewPassword(password, confirmation);
    const code = normalizeTotpCode(nonce);
    if (isCodeSent && !code) fieldErrors.nonce = "Enter the code from the e-mail.";
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length > 0) return;
    change.mutate(
      { password, nonce: isCodeSent ? code : undefined },
      {
        onSuccess: () => {
          setPassword("");
          setConfirmation("");
          setNonce("");
          setIsCodeSent(false);
          setIsDone(true);
        },
        onError: handleRefusal,
      },
    );
  }

  const describedBy = (field: keyof Errors) => (errors[field] ? `${id}-${field}-error` : undefined);

  return (
    <form onSubmit={handleSubmit} aria-label="Change password" className="grid gap-4" noValidate>
      {isDone ? (
        <p role="status" className="text-sm">
          Your password has been changed. Any other sessions have been signed out.
        </p>
      ) : null}
      <div className="grid gap-2">
        <Label htmlFor={`${id}-password`}>New password</Label>
        <Input
          id={`${id}-password`}
          type="password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="new-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={describedBy("password")}
        />
        {errors.password ? (
          errors.reasons ? (
            <WeakPasswordNote
              id={`${id}-password-error`}
              message={errors.password}
              reasons={errors.reasons}
            />
          ) : (
            <p id={`${id}-password-error`} className="text-sm text-error-text">
              {errors.password}
            </p>
          )
        ) : null}
      </div>
      <FormField
        id={`${id}-confirmation`}
        errorId={`${id}-confirmation-error`}
        label="Confirm new password"
        error={errors.confirmation}
      >
        <Input
          id={`${id}-confirmation`}
          type="password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          autoComplete="new-password"
          aria-invalid={errors.confirmation ? true : undefined}
          aria-describedby={describedBy("confirmation")}
        />
      </FormField>
      {isCodeSent ? (
        <div className="grid gap-4 rounded-lg border border-primary/60 bg-muted p-4">
          <p role="status" className="flex gap-3 text-sm">
            <MailCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <span>
              To make sure it is you, we mailed you a code{user?.email ? ` at ${user.email}` : ""}. Enter it
              below to confirm the new password.
            </span>
          </p>
          <CodeField
            id={`${id}-nonce`}
            label="Code from the e-mail"
            value={nonce}
            onChange={setNonce}
            error={errors.nonce}
            autoFocus
          />
          <div>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={sendCode}
              disabled={requestCode.isPending}
            >
              {requestCode.isPending ? "Sending..." : "Send a new code"}
            </Button>
          </div>
        </div>
      ) : null}
      {errors.form ? (
        <p role="alert" className="text-sm text-error-text">
          {errors.form}
        </p>
      ) : null}
      <div>
        <SubmitButton
          isBusy={change.isPending || (requestCode.isPending && !isCodeSent)}
          label="Change password"
          busyLabel="Changing..."
        />
      </div>
    </form>
  );
}
