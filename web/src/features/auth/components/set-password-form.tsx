import type { WeakPasswordReason } from "@app/auth-client";
import { type FormEvent, useId, useState } from "react";
import { flushSync } from "react-dom";
import { useNavigate } from "react-router-dom";
import { SubmitButton } from "@/components/form/submit-button";
import { WeakPasswordNote } from "@/components/form/weak-password-note";
import { requireAuthClient } from "@/features/auth/api/auth-session";
import { AuthField } from "@/features/auth/components/auth-field";
import { AUTH_TOASTS, showAuthToast } from "@/features/auth/utils/auth-toasts";
import { checkNewPassword, type NewPasswordErrors } from "@/features/auth/utils/new-password";

type WeakPassword = { message: string; reasons: WeakPasswordReason[] };

/**
 * A new password, typed twice, saved on the session the invitation link opened (fresh, so the server
 * asks for no reauthentication code); then on into the back office.
 */
export function SetPasswordForm() {
  const id = useId();
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [weakPassword, setWeakPassword] = useState<WeakPassword | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const ids = {
    password: `${id}-password`,
    passwordNote: `${id}-password-note`,
    confirmation: `${id}-confirmation`,
    confirmationNote: `${id}-confirmation-note`,
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    setFormError(null);
    setWeakPassword(null);
    const found = checkNewPassword(password, confirmation);
    if (found.password || found.confirmation) {
      flushSync(() => setErrors(found));
      document.getElementById(found.password ? ids.password : ids.confirmation)?.focus();
      return;
    }
    setErrors({});
    setIsBusy(true);
    try {
      const { error } = await requireAuthClient().updateUser({ password });
      if (!error) {
        showAuthToast(AUTH_TOASTS.passwordSet);
        navigate("/app", { replace: true });
        return;
      }
      if (error.code === "weak_password") {
        flushSync(() => setWeakPassword({ message: error.message, reasons: error.reasons ?? [] }));
        document.getElementById(ids.password)?.focus();
      } else {
        setFormError(error.message || "Your password could not be saved. Please try again.");
      }
    } finally {
      setIsBusy(false);
    }
  }

  const passwordProblem = errors.password ?? null;
  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Set your password" className="grid gap-4">
      <AuthField
        id={ids.password}
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        aria-invalid={passwordProblem || weakPassword ? true : undefined}
        aria-describedby={passwordProblem || weakPassword ? ids.passwordNote : undefined}
        onValueChange={(value) => {
          setPassword(value);
          setWeakPassword(null);
          setErrors({});
        }}
      >
        {weakPassword ? <WeakPasswordNote id={ids.passwordNote} {...weakPassword} /> : null}
        {passwordProblem ? (
          <p id={ids.passwordNote} className="text-sm text-error-text">
            {passwordProblem}
          </p>
        ) : null}
      </AuthField>
      <AuthField
        id={ids.confirmation}
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={confirmation}
        aria-invalid={errors.confirmation ? true : undefined}
        aria-describedby={errors.confirmation ? ids.confirmationNote : undefined}
        onValueChange={(value) => {
          setConfirmation(value);
          setErrors({});
        }}
      >
        {errors.confirmation ? (
          <p id={ids.confirmationNote} className="text-sm text-error-text">
            {errors.confirmation}
          </p>
        ) : null}
      </AuthField>
      {formError ? (
        <p role="alert" className="text-sm text-error-text">
          {formError}
        </p>
      ) : null}
      <SubmitButton isBusy={isBusy} label="Set Password" busyLabel="Saving..." className="w-full" />
    </form>
  );
}
