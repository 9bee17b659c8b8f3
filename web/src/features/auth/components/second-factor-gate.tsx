import type { AuthClient } from "@app/auth-client";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, Suspense, useState } from "react";
import { useLocation } from "react-router-dom";
import { FullPageSpinner } from "@/features/auth/components/full-page-spinner";
import { AUTH_TOASTS, showAuthToast } from "@/features/auth/utils/auth-toasts";
import { needsBackOfficeRule, secondFactorPrompt } from "@/features/auth/utils/second-factor-prompt";
import { lazyNamed } from "@/lib/lazy-named";
import { readPublicConfigFromMeta } from "@/lib/public-config";

// Most visits to the back office never see these screens (no factor, or already aal2): they load only when
// needed, keeping the first signed-in load small.
const SecondFactorStep = lazyNamed(
  () => import("@/features/auth/components/second-factor-step"),
  "SecondFactorStep",
);
const SecondFactorSetupNotice = lazyNamed(
  () => import("@/features/auth/components/second-factor-setup-notice"),
  "SecondFactorSetupNotice",
);

const AUTH_SETTINGS_KEY = ["auth", "settings"] as const;
/** Where a factor is set up: open to a person the server otherwise keeps out for lack of one. */
const SETUP_PATH = "/app/settings";

/**
 * The server's rule for the back office; it changes only with a restart. The page's config carries it, so
 * the first signed-in paint waits for no request; the auth settings are asked only when it does not.
 */
function useBackOfficeAal(client: AuthClient, isNeeded: boolean) {
  return useQuery({
    enabled: isNeeded,
    queryKey: AUTH_SETTINGS_KEY,
    queryFn: async () => {
      const { data, error } = await client.getSettings();
      if (error) throw error;
      return data.settings.back_office_aal;
    },
    initialData: () => readPublicConfigFromMeta()?.back_office_aal,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Between sign-in and the back office: a person with a verified factor whose session is still aal1 gives a
 * code first. When the server needs aal2 and the person has no factor yet, only the settings page (where
 * one is set up) opens.
 */
export function SecondFactorGate({ client, children }: { client: AuthClient; children: ReactNode }) {
  const { pathname } = useLocation();
  // The provider re-renders on MFA_CHALLENGE_VERIFIED too; this makes the step's own success enough.
  const [, setVerifiedCount] = useState(0);
  const { currentLevel, nextLevel } = client.mfa.getAuthenticatorAssuranceLevel().data;
  const backOfficeAal = useBackOfficeAal(client, needsBackOfficeRule(currentLevel));
  const prompt = secondFactorPrompt({
    currentLevel,
    nextLevel,
    backOfficeAal: backOfficeAal.isError ? "unknown" : backOfficeAal.data,
  });

  if (prompt === "none") return children;
  if (prompt === "checking") return <FullPageSpinner />;
  if (prompt === "setup") {
    if (pathname === SETUP_PATH) return children;
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <SecondFactorSetupNotice />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <SecondFactorStep
        client={client}
        onVerified={() => {
          // The sign-in is complete only now: this is where it is welcomed.
          showAuthToast(AUTH_TOASTS.signedIn);
          setVerifiedCount((count) => count + 1);
        }}
      />
    </Suspense>
  );
}
