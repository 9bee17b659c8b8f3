import type { AuthenticatorAssuranceLevel } from "@app/auth-client";

/** Whether the code step shows before the back office: not at all, with a way to skip it, or always. */
export type SecondFactorPrompt = "none" | "optional" | "required" | "checking";

type PromptInput = {
  currentLevel: AuthenticatorAssuranceLevel | null;
  nextLevel: AuthenticatorAssuranceLevel | null;
  /** The server's `back_office_aal`; undefined while it is being read, "unknown" when that failed. */
  backOfficeAal: AuthenticatorAssuranceLevel | "unknown" | undefined;
  isSkipped: boolean;
};

/**
 * A session that could be raised (a verified factor, aal1 now) is asked for a code. When the server lets
 * aal1 into the back office the person may skip it; when it does not, or that cannot be read, they may not.
 */
export function secondFactorPrompt({ currentLevel, nextLevel, backOfficeAal, isSkipped }: PromptInput) {
  if (currentLevel !== "aal1" || nextLevel !== "aal2") return "none";
  if (backOfficeAal === undefined) return "checking";
  if (backOfficeAal === "aal1") return isSkipped ? "none" : "optional";
  return "required";
}
