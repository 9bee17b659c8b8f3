import { type FormEvent, useId, useState } from "react";
import { SubmitButton } from "@/components/form/submit-button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { requireAuthClient } from "@/features/auth/api/auth-session";
import { AUTH_FAILURE_TOASTS, showAuthFailure } from "@/features/auth/utils/auth-toasts";

/** Email and password. A success is announced by the provider's SIGNED_IN toast; the page then redirects. */
export function SignInForm() {
  const id = useId();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [isBusy, setIsBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Spec §5: with either field empty the form does nothing.
    if (isBusy || !email.trim() || !password) return;
    setIsBusy(true);
    try {
      const { error } = await requireAuthClient().signInWithPassword({ email: email.trim(), password });
      if (error) showAuthFailure(AUTH_FAILURE_TOASTS.signIn, error);
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} aria-label="Sign in" className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-password`}>Password</Label>
        <Input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <SubmitButton isBusy={isBusy} label="Sign In" busyLabel="Signing In..." className="w-full" />
    </form>
  );
}
