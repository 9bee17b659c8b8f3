import type { AuthenticatorAssuranceLevel } from "@app/auth-client";

/**
 * What shows before the back office: nothing, the code step (skippable or not), or, when the server needs
 * aal2 and the person has no factor yet, the way to set one up.
 */
export type SecondFactorPrompt = "none" | "optional" | "required" | "setup" | "checking";

type PromptInput = {
  currentLevel: AuthenticatorAssuranceLevel | null;
  nextLevel: AuthenticatorAssuranceLevel | null;
  /** The server's `back_office_aal`; undefined while it is being read, "unknown" when that failed. */
  backOfficeAal: AuthenticatorAssuranceLevel | "unknown" | undefined;
  isSkipped: boolean;
};

/** Only an aal1 session has anything to answer; the server's rule is read for those. */
export function needsBackOfficeRule(currentLevel: AuthenticatorAssuranceLevel | null): boolean {
  return currentLevel === "aal1";
}

/**
 * A session that could be raised (a verified factor, aal1 now) is asked for a code. When the server lets
 * aal1 into the back office the person may skip it; when it does not, or that cannot be read, they may not.
 * Without a factor, a server that needs aal2 leaves only the setup.
 */
export function secondFactorPrompt({
  currentLevel,
  nextLevel,
  backOfficeAal,
  isSkipped,
}: PromptInput): SecondFactorPrompt {
  if (!needsBackOfficeRule(currentLevel)) return "none";
  if (backOfficeAal === undefined) return "checking";
  if (nextLevel !== "aal2") return backOfficeAal === "aal2" ? "setup" : "none";
  if (backOfficeAal === "aal1") return isSkipped ? "none" : "optional";
  return "required";
}
