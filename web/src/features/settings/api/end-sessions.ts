import { useMutation } from "@tanstack/react-query";
import { ACCOUNT_KEYS, expectNoError } from "@/features/settings/api/account-keys";
import { useAuthClient } from "@/lib/use-auth";

/** Ends one other session at once; the device there is signed out on its next call. */
export function useEndSession() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: async (sessionId: string) => expectNoError(await client.endSession(sessionId)),
    meta: {
      successMessage: "Session ended",
      errorMessage: "Could not end the session",
      invalidates: [ACCOUNT_KEYS.sessions],
    },
  });
}

/** Every session but this one ends (logout with scope=others); this device stays signed in. */
export function useSignOutOtherSessions() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: async () => expectNoError(await client.signOut("others")),
    meta: {
      successMessage: "Signed out of all other sessions",
      errorMessage: "Could not sign out the other sessions",
      invalidates: [ACCOUNT_KEYS.sessions],
    },
  });
}
