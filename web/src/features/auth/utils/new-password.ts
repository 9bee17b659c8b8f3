export type NewPasswordErrors = { password?: string; confirmation?: string };

/**
 * What can be told before asking the server: a password is given and typed the same twice. Its
 * strength is the server's to judge (its weak_password answer lists the reasons, as on sign-up).
 */
export function checkNewPassword(password: string, confirmation: string): NewPasswordErrors {
  if (!password) return { password: "Enter a password." };
  if (confirmation !== password) return { confirmation: "The two passwords do not match." };
  return {};
}
