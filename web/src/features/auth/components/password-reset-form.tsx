import { type FormEvent, useId, useState } from "react";
import { SubmitButton } from "@/components/form/submit-button";
import { requireAuthClient } from "@/features/auth/api/auth-session";
import { AuthField } from "@/features/auth/components/auth-field";
import { SET_PASSWORD_PATH } from "@/features/auth/utils/auth-paths";
import {
  AUTH_FAILURE_TOASTS,
  AUTH_TOASTS,
  showAuthFailure,
  showAuthToast,
} from "@/features/auth/utils/auth-toasts";

/**
 * "Forgot password?": mails a recovery link that lands on the set-password page, signed in to choose a
 * new password. The answer is the same whether or not the address has an account.
 */
export function PasswordResetForm({ onBack }: { onBack(): void }) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [isBusy, setIsBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy || !email.trim()) return;
    setIsBusy(true);
    try {
      const { error } = await requireAuthClient().resetPasswordForEmail(email.trim(), {
        redirectTo: `${window.location.origin}${SET_PASSWORD_PATH}`,
      });
      if (error) showAuthFailure(AUTH_FAILURE_TOASTS.passwordReset, error);
      else showAuthToast(AUTH_TOASTS.resetLinkSent);
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} aria-label="Reset password" className="grid gap-4">
      <AuthField
        id={`${id}-email`}
        label="Email"
        type="email"
        autoComplete="email"
        aria-describedby={`${id}-hint`}
        value={email}
        onValueChange={setEmail}
      >
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          We'll e-mail you a link to choose a new password.
        </p>
      </AuthField>
      <SubmitButton isBusy={isBusy} label="Send Reset Link" busyLabel="Sending Link..." className="w-full" />
      <button
        type="button"
        className="justify-self-center text-sm text-primary underline-offset-4 hover:underline"
        onClick={onBack}
      >
        Back to sign in
      </button>
    </form>
  );
}
