import type { AuthSession, AuthUser, SignUpInput } from "@app/contracts";
import { AppError } from "../../http/app-error";
import { audit } from "../../platform/audit";
import type { Requester } from "../../platform/deps";
import { normalizeEmail, nowIso } from "../../platform/values";
import { domainRole, draftUser, findOrInsertUser, hasPendingInvitation, metadataJson } from "./accounts";
import type { AuthDeps } from "./deps";
import { enforceLimit } from "./limits";
import { issueOneTimeToken } from "./one-time-tokens";
import { deleteOneTimeTokens } from "./one-time-tokens-repository";
import { assertStrongPassword } from "./passwords";
import { type PkceChallenge, parsePkceChallenge } from "./pkce";
import { resolveRedirect, SET_PASSWORD_PATH } from "./redirects";
import { signInUser } from "./sessions";
import { userJsonFrom } from "./user-json";
import { findUserById, lockUser, updateUser } from "./users-repository";

/**
 * Where a sign-up's confirmation link leads. On a staff-domain address the confirmation grants a role and
 * drops the sign-up's password (see confirmEmail), so it always leads to the web app's page where the
 * mailbox owner chooses one.
 */
export function confirmationRedirect(
  config: AuthDeps["config"],
  email: string,
  requested: string | undefined,
): string {
  return domainRole(config, email) !== undefined
    ? resolveRedirect(config, undefined, SET_PASSWORD_PATH)
    : resolveRedirect(config, requested);
}

/**
 * A sign-up of an address nobody has confirmed yet supersedes the earlier ones: its password and metadata
 * replace theirs and every link mailed before dies with the new confirmation mail. So the link that
 * confirms the address always belongs to the sign-up whose password is stored, and an earlier sign-up by
 * a stranger leaves nothing behind. Concurrent sign-ups queue on the user's row: the last one's password
 * is stored and its mail, the newest, carries the live link. An account with a pending invitation is
 * not a sign-up's to restart: it is left as it is and nothing is mailed (see signUp).
 */
async function restartSignUp(
  deps: AuthDeps,
  userId: string,
  args: {
    passwordHash: string;
    userMetadata: string;
    redirectTo: string;
    at: string;
    pkce: PkceChallenge | undefined;
  },
) {
  const mail = await deps.db.withTransaction(async (trx) => {
    const user = await lockUser(trx, userId);
    if (!user || user.email_confirmed_at || hasPendingInvitation(user)) return undefined;
    await updateUser(
      trx,
      user.id,
      { encrypted_password: args.passwordHash, raw_user_meta_data: args.userMetadata },
      args.at,
    );
    for (const type of ["magiclink", "recovery"] as const) await deleteOneTimeTokens(trx, user.id, type);
    return issueOneTimeToken(deps, trx, {
      user,
      type: "confirmation",
      to: user.email,
      redirectTo: args.redirectTo,
      pkce: args.pkce,
    });
  });
  if (mail) await deps.mailer.send(mail);
}

/**
 * Without autoconfirm, signing up with an address that already has an account answers exactly like a
 * fresh sign-up (a plausible unconfirmed user, no session) after the same bcrypt work, so the answer
 * reveals nothing; an unconfirmed account is signed up afresh (restartSignUp) and gets a new confirmation
 * mail. An account with a pending invitation is treated like a confirmed one: nothing on it changes and
 * nothing is mailed, so a stranger's password can never ride on the invitee's confirmation.
 */
export async function signUp(
  deps: AuthDeps,
  input: SignUpInput,
  requestedRedirect: string | undefined,
  requester: Requester,
): Promise<AuthSession | AuthUser> {
  await enforceLimit(deps, "signup", requester.ip);
  const email = normalizeEmail(input.email);
  assertStrongPassword(input.password);
  const pkce = parsePkceChallenge(input);
  const userMetadata = metadataJson(input.data);
  const autoconfirm = deps.config.AUTH_AUTOCONFIRM;
  if (!autoconfirm) await enforceLimit(deps, "mailPerAddress", email);
  const passwordHash = await deps.passwords.hash(input.password);
  const redirectTo = confirmationRedirect(deps.config, email, requestedRedirect);
  const at = nowIso(deps);
  // No mailbox was proven under autoconfirm, so no staff-domain role (config refuses autoconfirm with
  // staff domains anyway).
  const draft = draftUser({ email, passwordHash, userMetadata, at, confirmed: autoconfirm });
  const outcome = await deps.db.withTransaction(async (trx) => {
    const { user, created } = await findOrInsertUser(trx, draft);
    const mail =
      created && !autoconfirm
        ? await issueOneTimeToken(deps, trx, { user, type: "confirmation", to: email, redirectTo, pkce })
        : undefined;
    return { existing: created ? undefined : user, mail };
  });

  if (autoconfirm) {
    if (outcome.existing) {
      throw new AppError("user_already_exists", "User already registered");
    }
    await audit(deps, "user_signedup", {
      userId: draft.user.id,
      email,
      requester,
      detail: { autoconfirm: true },
    });
    return signInUser(deps, { user: draft.user, requester, method: "password" });
  }

  const lookalike = {
    ...draft.user,
    confirmation_sent_at: at,
    updated_at: at,
  };
  const { existing, mail } = outcome;
  if (existing) {
    if (!existing.email_confirmed_at && !hasPendingInvitation(existing)) {
      await restartSignUp(deps, existing.id, { passwordHash, userMetadata, redirectTo, at, pkce });
    }
    await audit(deps, "user_signup_repeated", { userId: existing.id, email, requester });
    return userJsonFrom(lookalike, [draft.identity], []);
  }
  if (mail) await deps.mailer.send(mail);
  await audit(deps, "user_signedup", { userId: draft.user.id, email, requester });
  const stored = (await findUserById(deps.db, draft.user.id)) ?? lookalike;
  return userJsonFrom(stored, [draft.identity], []);
}
