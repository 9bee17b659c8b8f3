import type { EnrolledTotpFactor } from "@app/auth-client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { ACCOUNT_KEYS, expectAuth } from "@/features/settings/api/account-keys";
import { useAuthClient } from "@/lib/use-auth";

/** All the user's factors, unfinished enrolments included, so they can be removed. */
export function useFactors() {
  const client = useAuthClient();
  return useQuery({
    queryKey: ACCOUNT_KEYS.factors,
    queryFn: async () => expectAuth(await client.mfa.listFactors()).all,
    meta: { errorMessage: "Could not load your two-factor methods" },
  });
}

/** Starts an enrolment: the QR code and secret to add to an authenticator app. */
export function useEnrollFactor() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: async (friendlyName: string | undefined): Promise<EnrolledTotpFactor> =>
      expectAuth(await client.mfa.enroll({ factorType: "totp", friendlyName })).factor,
    meta: { errorMessage: "Could not start two-factor setup", invalidates: [ACCOUNT_KEYS.factors] },
  });
}

/**
 * The first code finishes the enrolment and raises this session to aal2. A wrong code is shown beside
 * the field, not as a toast.
 */
export function useVerifyFactor() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: async (attempt: { factorId: string; code: string }) =>
      expectAuth(await client.mfa.challengeAndVerify(attempt)).session,
    meta: { successMessage: "Two-factor authentication is on", invalidates: [ACCOUNT_KEYS.factors] },
  });
}

export function useRemoveFactor() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: async (factorId: string) => {
      const { id } = expectAuth(await client.mfa.unenroll({ factorId }));
      // The server lowers the sessions that factor raised; a fresh token says so too (its aal claim).
      await client.refreshSession();
      return id;
    },
    meta: {
      successMessage: "Two-factor method removed",
      errorMessage: "Could not remove the two-factor method",
      invalidates: [ACCOUNT_KEYS.factors, ACCOUNT_KEYS.sessions],
    },
  });
}

/** An enrolment left unfinished (dialog closed) is removed quietly, so it does not use up a slot. */
export function useDiscardEnrollment() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: async (factorId: string) => expectAuth(await client.mfa.unenroll({ factorId })).id,
    meta: { invalidates: [ACCOUNT_KEYS.factors] },
  });
}
