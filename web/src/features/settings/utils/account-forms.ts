import { authEmailSchema } from "@app/contracts";

/*
 * What the profile and password forms check before sending, and how the server's refusals land beside
 * the right field. The server checks everything again; these only save a round trip and say it plainly.
 */

const FULL_NAME_MAX_LENGTH = 100;

type Checked = { value: string; error?: undefined } | { value?: undefined; error: string };

export function checkFullName(raw: string): Checked {
  const value = raw.trim().replace(/\s+/g, " ");
  if (!value) return { error: "Enter your full name." };
  if (value.length > FULL_NAME_MAX_LENGTH) {
    return { error: `Keep your name to ${FULL_NAME_MAX_LENGTH} characters or fewer.` };
  }
  return { value };
}

export function checkNewEmail(raw: string, currentEmail: string): Checked {
  const parsed = authEmailSchema.safeParse(raw);
  if (!parsed.success) return { error: "Enter a valid e-mail address, like name@example.com." };
  const value = parsed.data.toLowerCase();
  if (value === currentEmail.toLowerCase()) return { error: "This is already your e-mail address." };
  return { value };
}

export type PasswordFieldErrors = { password?: string; confirmation?: string };

export function checkNewPassword(password: string, confirmation: string): PasswordFieldErrors {
  const errors: PasswordFieldErrors = {};
  if (!password) errors.password = "Enter a new password.";
  if (password && confirmation !== password) errors.confirmation = "The two passwords do not match.";
  return errors;
}

type RefusedChange = { code: string; message: string; status: number; reasons?: string[] };

/** Where a refused password change is explained: under the password, under the code, or above the form. */
export type PasswordRefusal =
  | { field: "password"; message: string; reasons: string[] }
  | { field: "nonce" | "form"; message: string };

export function describePasswordRefusal(error: RefusedChange): PasswordRefusal {
  switch (error.code) {
    case "weak_password":
      return { field: "password", message: error.message, reasons: error.reasons ?? [] };
    case "reauthentication_not_valid":
      return {
        field: "nonce",
        message: "That code is wrong or has expired. Check the newest e-mail from us, or send a new code.",
      };
    case "insufficient_aal":
      return {
        field: "form",
        message:
          "Two-factor authentication is on for your account: sign out and sign in again with a code from your authenticator app, then change the password.",
      };
    case "network_error":
      return {
        field: "form",
        message: "We could not reach the server. Check your connection and try again.",
      };
    default:
      return { field: "form", message: error.message };
  }
}
