import type { AuthError } from "@app/auth-client";
import { toast } from "@/lib/toast";

/** Every auth toast, word for word as the product's copy fixes them. */
export const AUTH_TOASTS = {
  signedIn: { title: "Welcome!", description: "You have been signed in successfully." },
  signedOut: { title: "Signed out", description: "You have been signed out successfully." },
  signOutFailed: { title: "Error", description: "Failed to sign out. Please try again." },
  signUpSent: { title: "Success!", description: "Please check your email for a verification link." },
  magicLinkSent: { title: "Magic link sent!", description: "Check your email for a sign-in link." },
  resetLinkSent: {
    title: "Check your email",
    description: "If an account uses this address, a link to choose a new password is on its way.",
  },
  passwordSet: {
    title: "Password set",
    description: "From now on, sign in with your e-mail and this password.",
  },
} as const;

/** Failures show the server's message, or the fallback when it sent none. */
export const AUTH_FAILURE_TOASTS = {
  signIn: { title: "Sign in failed", fallback: "Please check your credentials and try again." },
  signUp: { title: "Sign up failed", fallback: "Please try again." },
  magicLink: { title: "Magic link failed", fallback: "Please try again." },
  passwordReset: { title: "Could not send the link", fallback: "Please try again." },
} as const;

export type SuccessToast = { title: string; description: string };
export type FailureToast = { title: string; fallback: string };

export function showAuthToast({ title, description }: SuccessToast) {
  toast.success(title, { description });
}

export function showAuthFailure({ title, fallback }: FailureToast, error: AuthError | null) {
  const message = error?.message.trim();
  toast.error(title, { description: message || fallback });
}

export function showErrorToast({ title, description }: SuccessToast) {
  toast.error(title, { description });
}
