import { type FormEvent, useId, useState } from "react";
import { SubmitButton } from "@/components/form/submit-button";
import { requireAuthClient } from "@/features/auth/api/auth-session";
import { AuthField } from "@/features/auth/components/auth-field";
import {
  AUTH_FAILURE_TOASTS,
  AUTH_TOASTS,
  showAuthFailure,
  showAuthToast,
} from "@/features/auth/utils/auth-toasts";

const MAGIC_LINK_HINT = "We'll send you a secure link to sign in without a password.";

/** Email only; the link e-mailed back signs the person in and returns to /app. */
export function MagicLinkForm() {
  const id = useId();
  const [email, setEmail] = useState("");
  const [isBusy, setIsBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy || !email.trim()) return;
    setIsBusy(true);
    try {
      const { error } = await requireAuthClient().signInWithOtp({ email: email.trim() });
      if (error) showAuthFailure(AUTH_FAILURE_TOASTS.magicLink, error);
      else showAuthToast(AUTH_TOASTS.magicLinkSent);
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} aria-label="Magic link" className="grid gap-4">
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
          {MAGIC_LINK_HINT}
        </p>
      </AuthField>
      <SubmitButton isBusy={isBusy} label="Send Magic Link" busyLabel="Sending Link..." className="w-full" />
    </form>
  );
}
