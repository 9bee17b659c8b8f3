import type { AuthenticatorAssuranceLevel } from "@app/auth-client";

/**
 * What shows before the back office: nothing, the code step, or, when the server needs aal2 and the person
 * has no factor yet, the way to set one up.
 */
export type SecondFactorPrompt = "none" | "required" | "setup" | "checking";

type PromptInput = {
  currentLevel: AuthenticatorAssuranceLevel | null;
  nextLevel: AuthenticatorAssuranceLevel | null;
  /** The server's `back_office_aal`; undefined while it is being read, "unknown" when that failed. */
  backOfficeAal: AuthenticatorAssuranceLevel | "unknown" | undefined;
};

/** Only an aal1 session has anything to answer; the server's rule is read for those. */
export function needsBackOfficeRule(currentLevel: AuthenticatorAssuranceLevel | null): boolean {
  return currentLevel === "aal1";
}

/**
 * A session that could be raised (a verified factor, aal1 now) gives its code: whoever set up a second
 * factor wants it asked for, whatever the server lets aal1 do. Without a factor, a server that needs aal2
 * leaves only the setup.
 */
export function secondFactorPrompt({
  currentLevel,
  nextLevel,
  backOfficeAal,
}: PromptInput): SecondFactorPrompt {
  if (!needsBackOfficeRule(currentLevel)) return "none";
  if (nextLevel === "aal2") return "required";
  if (backOfficeAal === undefined) return "checking";
  return backOfficeAal === "aal2" ? "setup" : "none";
}
