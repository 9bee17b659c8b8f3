import type { RecoverInput, ResendInput } from "@app/contracts";
import { audit } from "../../platform/audit";
import type { Requester } from "../../platform/deps";
import { normalizeEmail } from "../../platform/values";
import { hasPendingInvitation } from "./accounts";
import type { AuthDeps } from "./deps";
import { sendEmailChange } from "./email-change";
import { enforceLimit, withinLimit } from "./limits";
import { mailOneTimeToken } from "./one-time-tokens";
import { parsePkceChallenge } from "./pkce";
import { resolveRedirect } from "./redirects";
import { confirmationRedirect } from "./sign-up";
import { findUserByEmail, findUserByPendingEmail } from "./users-repository";

/**
 * POST /recover: `{}` whether or not the address has an account. The limits apply to both alike; the
 * lookup and the mail run after the answer, so its timing says nothing either.
 */
export async function recoverPassword(
  deps: AuthDeps,
  input: RecoverInput,
  requestedRedirect: string | undefined,
  requester: Requester,
) {
  await enforceLimit(deps, "recover", requester.ip);
  const email = normalizeEmail(input.email);
  const pkce = parsePkceChallenge(input);
  await enforceLimit(deps, "mailPerAddress", email);
  const redirectTo = resolveRedirect(deps.config, requestedRedirect);
  deps.work.enqueue("recovery mail", async () => {
    const user = await findUserByEmail(deps.db, email);
    if (!user) return;
    await mailOneTimeToken(deps, { user, type: "recovery", to: user.email, redirectTo, pkce });
    await audit(deps, "recovery_requested", { userId: user.id, email, requester });
  });
  return {};
}

/**
 * POST /resend: the confirmation (unconfirmed users) or the pending e-mail change mails again; always `{}`,
 * the lookup and the mail running after the answer. An e-mail change mails both addresses, so it also
 * counts against the user's e-mail change budget; over it, nothing is sent, silently, so the answer still
 * says nothing about the address.
 */
export async function resend(
  deps: AuthDeps,
  input: ResendInput,
  requestedRedirect: string | undefined,
  requester: Requester,
) {
  await enforceLimit(deps, "resend", requester.ip);
  const email = normalizeEmail(input.email);
  const pkce = parsePkceChallenge(input);
  await enforceLimit(deps, "mailPerAddress", email);
  const redirectTo = resolveRedirect(deps.config, requestedRedirect);
  deps.work.enqueue(`resend ${input.type} mail`, async () => {
    if (input.type === "signup") {
      const user = await findUserByEmail(deps.db, email);
      // A pending invitation is no sign-up: only its own link may confirm it (see signUp).
      if (user && !user.email_confirmed_at && !hasPendingInvitation(user)) {
        await mailOneTimeToken(deps, {
          user,
          type: "confirmation",
          to: user.email,
          redirectTo: confirmationRedirect(deps.config, email, requestedRedirect),
          pkce,
        });
      }
      return;
    }
    const user = (await findUserByPendingEmail(deps.db, email)) ?? (await findUserByEmail(deps.db, email));
    if (user?.email_change && (await withinLimit(deps, "emailChangePerUser", user.id))) {
      await sendEmailChange(deps, { userId: user.id, redirectTo, pkce });
    }
  });
  return {};
}
