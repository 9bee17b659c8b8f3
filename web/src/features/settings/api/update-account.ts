import { useMutation } from "@tanstack/react-query";
import { ACCOUNT_KEYS, expectAuth, expectNoError } from "@/features/settings/api/account-keys";
import { useAuthClient } from "@/lib/use-auth";

/*
 * Changes to the account go through the auth client, so the session it holds gets the updated user
 * (USER_UPDATED) and the user menu shows the new name at once.
 */

export function useUpdateFullName() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: async (fullName: string) =>
      expectAuth(await client.updateUser({ data: { full_name: fullName } })).user,
    meta: { successMessage: "Profile saved", errorMessage: "Could not save your profile" },
  });
}

/** Mails a confirmation link to both the current and the new address; the change waits for both. */
export function useChangeEmail() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: async (email: string) => {
      const { user } = expectAuth(
        await client.updateUser(
          { email },
          { emailRedirectTo: `${window.location.origin}/app/settings/profile` },
        ),
      );
      return user;
    },
    meta: {
      successMessage: "Confirmation e-mails sent",
      errorMessage: "Could not change your e-mail address",
    },
  });
}

/**
 * A new password, with the mailed code when the server asked for one. Refusals are shown beside the
 * fields (a wrong code, a weak password), not as toasts. The server ends the other sessions.
 */
export function useChangePassword() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: async (change: { password: string; nonce?: string }) =>
      expectAuth(await client.updateUser(change)).user,
    meta: { successMessage: "Password changed", invalidates: [ACCOUNT_KEYS.sessions] },
  });
}

/** Mails the 6-digit code a password change needs when the session is old. */
export function useRequestReauthentication() {
  const client = useAuthClient();
  return useMutation({
    mutationFn: async () => expectNoError(await client.reauthenticate()),
    meta: { errorMessage: "Could not send the code" },
  });
}
