import { useQuery } from "@tanstack/react-query";
import { ACCOUNT_KEYS, expectAuth } from "@/features/settings/api/account-keys";
import { useAuthClient } from "@/lib/use-auth";

/** Where the signed-in user is signed in, newest first, this device marked `current`. */
export function useUserSessions() {
  const client = useAuthClient();
  return useQuery({
    queryKey: ACCOUNT_KEYS.sessions,
    queryFn: async () => expectAuth(await client.listSessions()).sessions,
    // Sign-ins elsewhere happen without this page knowing: read afresh each visit.
    staleTime: 0,
    meta: { errorMessage: "Could not load your sessions" },
  });
}
