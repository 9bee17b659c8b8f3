import { type FormEvent, useId, useState } from "react";
import { SubmitButton } from "@/components/form/submit-button";
import { requireAuthClient } from "@/features/auth/api/auth-session";
import { AuthField } from "@/features/auth/components/auth-field";
import { EmailLinkForm } from "@/features/auth/components/email-link-form";
import { AUTH_FAILURE_TOASTS, showAuthFailure } from "@/features/auth/utils/auth-toasts";

/** Email and password. A success is announced by the provider's SIGNED_IN toast; the page then redirects. */
export function SignInForm() {
  const id = useId();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [isBusy, setIsBusy] = useState(false);
  const [isResetting, setIsResetting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // With either field empty there is nothing to check, so the form does nothing.
    if (isBusy || !email.trim() || !password) return;
    setIsBusy(true);
    try {
      const { error } = await requireAuthClient().signInWithPassword({ email: email.trim(), password });
      if (error) showAuthFailure(AUTH_FAILURE_TOASTS.signIn, error);
    } finally {
      setIsBusy(false);
    }
  }

  if (isResetting) {
    return (
      <EmailLinkForm flow="passwordReset">
        <button
          type="button"
          className="justify-self-center text-sm text-primary underline-offset-4 hover:underline"
          onClick={() => setIsResetting(false)}
        >
          Back to sign in
        </button>
      </EmailLinkForm>
    );
  }
  return (
    <form onSubmit={handleSubmit} aria-label="Sign in" className="grid gap-4">
      <AuthField
        id={`${id}-email`}
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onValueChange={setEmail}
      />
      <AuthField
        id={`${id}-password`}
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onValueChange={setPassword}
      />
      <SubmitButton isBusy={isBusy} label="Sign In" busyLabel="Signing In..." className="w-full" />
      <button
        type="button"
        className="justify-self-center text-sm text-primary underline-offset-4 hover:underline"
        onClick={() => setIsResetting(true)}
      >
        Forgot password?
      </button>
    </form>
  );
}
