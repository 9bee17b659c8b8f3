import type { ResendInput } from "@app/contracts";
import { audit } from "./audit";
import { type AuthDeps, normalizeEmail, type Requester } from "./deps";
import { sendEmailChange } from "./email-change";
import { enforceLimit, withinLimit } from "./limits";
import { issueOneTimeToken } from "./one-time-tokens";
import { resolveRedirect } from "./redirects";
import * as repo from "./repository";

/**
 * POST /recover: `{}` whether or not the address has an account. The limits apply to both alike; the
 * lookup and the mail run after the answer, so its timing says nothing either.
 */
export function recoverPassword(
  deps: AuthDeps,
  input: { email: string },
  requestedRedirect: string | undefined,
  requester: Requester,
) {
  enforceLimit(deps, "recover", requester.ip);
  const email = normalizeEmail(input.email);
  enforceLimit(deps, "mailPerAddress", email);
  const redirectTo = resolveRedirect(deps.config, requestedRedirect);
  deps.work.enqueue("recovery mail", () => {
    const user = repo.findUserByEmail(deps.db, email);
    if (!user) return;
    issueOneTimeToken(deps, { user, type: "recovery", to: user.email, redirectTo });
    audit(deps, "recovery_requested", { userId: user.id, email, requester });
  });
  return {};
}

/**
/**
 * POST /resend: the confirmation (unconfirmed users) or the pending e-mail change mails again; always `{}`,
 * the lookup and the mail running after the answer. An e-mail change mails both addresses, so it also
 * counts against the user's e-mail change budget; over it, nothing is sent, silently, so the answer still
 * says nothing about the address.
 */
export function resend(
  deps: AuthDeps,
  input: ResendInput,
  requestedRedirect: string | undefined,
  requester: Requester,
) {
  enforceLimit(deps, "resend", requester.ip);
  const email = normalizeEmail(input.email);
  enforceLimit(deps, "mailPerAddress", email);
  const redirectTo = resolveRedirect(deps.config, requestedRedirect);
  deps.work.enqueue(`resend ${input.type} mail`, () => {
    if (input.type === "signup") {
      const user = repo.findUserByEmail(deps.db, email);
      if (user && !user.email_confirmed_at) {
        issueOneTimeToken(deps, { user, type: "confirmation", to: user.email, redirectTo });
      }
      return;
    }
    const user = repo.findUserByPendingEmail(deps.db, email) ?? repo.findUserByEmail(deps.db, email);
    if (user?.email_change && withinLimit(deps, "emailChangePerUser", user.id)) {
      sendEmailChange(deps, { user, newEmail: user.email_change, redirectTo });
    }
  });
  return {};
}
