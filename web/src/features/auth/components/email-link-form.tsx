import type { AuthError } from "@app/auth-client";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { SubmitButton } from "@/components/form/submit-button";
import { requireAuthClient } from "@/features/auth/api/auth-session";
import { AuthField } from "@/features/auth/components/auth-field";
import { SET_PASSWORD_PATH } from "@/features/auth/utils/auth-paths";
import {
  AUTH_FAILURE_TOASTS,
  AUTH_TOASTS,
  type FailureToast,
  type SuccessToast,
  showAuthFailure,
  showAuthToast,
} from "@/features/auth/utils/auth-toasts";

interface EmailLinkFlow {
  formLabel: string;
  hint: string;
  submitLabel: string;
  send(email: string): Promise<{ error: AuthError | null }>;
  sent: SuccessToast;
  failed: FailureToast;
}

/** The e-mail-only forms: each mails a link, and the answer is the same whether or not the address has an account. */
const FLOWS = {
  /** The link signs the person in and returns to /app. */
  magicLink: {
    formLabel: "Magic link",
    hint: "We'll send you a secure link to sign in without a password.",
    submitLabel: "Send Magic Link",
    send: (email) => requireAuthClient().signInWithOtp({ email }),
    sent: AUTH_TOASTS.magicLinkSent,
    failed: AUTH_FAILURE_TOASTS.magicLink,
  },
  /** "Forgot password?": the link lands on the set-password page, signed in to choose a new password. */
  passwordReset: {
    formLabel: "Reset password",
    hint: "We'll e-mail you a link to choose a new password.",
    submitLabel: "Send Reset Link",
    send: (email) =>
      requireAuthClient().resetPasswordForEmail(email, {
        redirectTo: `${window.location.origin}${SET_PASSWORD_PATH}`,
      }),
    sent: AUTH_TOASTS.resetLinkSent,
    failed: AUTH_FAILURE_TOASTS.passwordReset,
  },
} satisfies Record<string, EmailLinkFlow>;

interface EmailLinkFormProps {
  flow: keyof typeof FLOWS;
  children?: ReactNode;
}

export function EmailLinkForm({ flow: flowName, children }: EmailLinkFormProps) {
  const flow: EmailLinkFlow = FLOWS[flowName];
  const id = useId();
  const [email, setEmail] = useState("");
  const [isBusy, setIsBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy || !email.trim()) return;
    setIsBusy(true);
    try {
      const { error } = await flow.send(email.trim());
      if (error) showAuthFailure(flow.failed, error);
      else showAuthToast(flow.sent);
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} aria-label={flow.formLabel} className="grid gap-4">
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
          {flow.hint}
        </p>
      </AuthField>
      <SubmitButton isBusy={isBusy} label={flow.submitLabel} busyLabel="Sending Link..." className="w-full" />
      {children}
    </form>
  );
}
