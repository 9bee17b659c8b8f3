import type { OtpInput } from "@app/contracts";
import { draftUser, insertDraftUser, metadataJson } from "./accounts";
import { audit } from "./audit";
import { type AuthDeps, normalizeEmail, nowIso, type Requester } from "./deps";
import { enforceLimit } from "./limits";
import { issueOneTimeToken } from "./one-time-tokens";
import { resolveRedirect } from "./redirects";
import * as repo from "./repository";

/**
 * POST /otp: mails a magic link and code, creating an (unconfirmed, passwordless) user unless
 * create_user is false. Always `{}`: with create_user false an unknown address silently gets no mail.
 * The lookup, the new user and the mail all come after the answer, so its timing reveals nothing.
 */
export function sendMagicLink(
  deps: AuthDeps,
  input: OtpInput,
  requestedRedirect: string | undefined,
  requester: Requester,
) {
  enforceLimit(deps, "otp", requester.ip);
  const email = normalizeEmail(input.email);
  const userMetadata = metadataJson(input.data);
  enforceLimit(deps, "mailPerAddress", email);
  const redirectTo = resolveRedirect(deps.config, requestedRedirect);
  deps.work.enqueue("magic link mail", () => {
    let user = repo.findUserByEmail(deps.db, email);
    if (!user) {
      if (input.create_user === false) return;
      const draft = draftUser({
        email,
        passwordHash: null,
        userMetadata,
        at: nowIso(deps),
        confirmed: false,
      });
      insertDraftUser(deps.db, draft);
      audit(deps, "user_signedup", {
        userId: draft.user.id,
        email,
        requester,
        detail: { method: "magiclink" },
      });
      user = draft.user;
    }
    issueOneTimeToken(deps, { user, type: "magiclink", to: email, redirectTo });
    audit(deps, "magiclink_requested", { userId: user.id, email, requester });
  });
  return {};
}
