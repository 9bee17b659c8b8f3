import type { OtpInput } from "@app/contracts";
import { audit } from "../../platform/audit";
import type { Requester } from "../../platform/deps";
import { normalizeEmail, nowIso } from "../../platform/values";
import { draftUser, findOrInsertUser, metadataJson } from "./accounts";
import type { AuthDeps } from "./deps";
import { enforceLimit } from "./limits";
import { mailOneTimeToken } from "./one-time-tokens";
import { parsePkceChallenge } from "./pkce";
import { resolveRedirect } from "./redirects";
import { findUserByEmail } from "./users-repository";

/**
 * POST /otp: mails a magic link and code, creating an (unconfirmed, passwordless) user unless
 * create_user is false. Always `{}`: with create_user false an unknown address silently gets no mail.
 * The lookup, the new user and the mail all come after the answer, so its timing reveals nothing.
 */
export async function sendMagicLink(
  deps: AuthDeps,
  input: OtpInput,
  requestedRedirect: string | undefined,
  requester: Requester,
) {
  await enforceLimit(deps, "otp", requester.ip);
  const email = normalizeEmail(input.email);
  const userMetadata = metadataJson(input.data);
  const pkce = parsePkceChallenge(input);
  await enforceLimit(deps, "mailPerAddress", email);
  const redirectTo = resolveRedirect(deps.config, requestedRedirect);
  deps.work.enqueue("magic link mail", async () => {
    let user = await findUserByEmail(deps.db, email);
    let created = false;
    if (!user) {
      if (input.create_user === false) return;
      const draft = draftUser({
        email,
        passwordHash: null,
        userMetadata,
        at: nowIso(deps),
        confirmed: false,
      });
      ({ user, created } = await deps.db.withTransaction((trx) => findOrInsertUser(trx, draft)));
    }
    await mailOneTimeToken(deps, { user, type: "magiclink", to: email, redirectTo, pkce });
    if (created) {
      await audit(deps, "user_signedup", {
        userId: user.id,
        email,
        requester,
        detail: { method: "magiclink" },
      });
    }
    await audit(deps, "magiclink_requested", { userId: user.id, email, requester });
  });
  return {};
}
