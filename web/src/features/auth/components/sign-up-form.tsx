import type { WeakPasswordReason } from "@app/auth-client";
import { type FormEvent, useId, useState } from "react";
import { SubmitButton } from "@/components/form/submit-button";
import { WeakPasswordNote } from "@/components/form/weak-password-note";
import { requireAuthClient } from "@/features/auth/api/auth-session";
import { AuthField } from "@/features/auth/components/auth-field";
import {
  AUTH_FAILURE_TOASTS,
  AUTH_TOASTS,
  showAuthFailure,
  showAuthToast,
} from "@/features/auth/utils/auth-toasts";

type WeakPassword = { message: string; reasons: WeakPasswordReason[] };

/** Full name, email and password; the confirmation link e-mailed back returns to /app. */
export function SignUpForm() {
  const id = useId();
  const [fullName, setFullName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [weakPassword, setWeakPassword] = useState<WeakPassword | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const noteId = `${id}-password-note`;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy || !fullName.trim() || !email.trim() || !password) return;
    setIsBusy(true);
    setWeakPassword(null);
    try {
      const { data, error } = await requireAuthClient().signUp({
        email: email.trim(),
        password,
        options: { data: { full_name: fullName.trim() } },
      });
      if (error) {
        if (error.code === "weak_password") {
          setWeakPassword({ message: error.message, reasons: error.reasons ?? [] });
        }
        showAuthFailure(AUTH_FAILURE_TOASTS.signUp, error);
        return;
      }
      // With auto-confirm the server signs the person in at once; SIGNED_IN then takes over.
      if (!data.session) {
        showAuthToast(AUTH_TOASTS.signUpSent);
        setPassword("");
      }
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} aria-label="Sign up" className="grid gap-4">
      <AuthField
        id={`${id}-name`}
        label="Full Name"
        autoComplete="name"
        value={fullName}
        onValueChange={setFullName}
      />
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
        autoComplete="new-password"
        value={password}
        aria-invalid={weakPassword ? true : undefined}
        aria-describedby={weakPassword ? noteId : undefined}
        onValueChange={(value) => {
          setPassword(value);
          setWeakPassword(null);
        }}
      >
        {weakPassword ? <WeakPasswordNote id={noteId} {...weakPassword} /> : null}
      </AuthField>
      <SubmitButton isBusy={isBusy} label="Sign Up" busyLabel="Creating Account..." className="w-full" />
    </form>
  );
}
