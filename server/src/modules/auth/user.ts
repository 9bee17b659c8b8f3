import type { AuthUser, UpdateUserInput } from "@app/contracts";
import type { OneTimeTokenRow, SessionRow, UserRow } from "../../db/schema";
import { AppError } from "../../http/app-error";
import { audit } from "../../platform/audit";
import type { Requester } from "../../platform/deps";
import { normalizeEmail, nowIso } from "../../platform/values";
import { metadataJson } from "./accounts";
import type { AuthDeps, SignedIn } from "./deps";
import { sendEmailChange } from "./email-change";
import { listFactors } from "./factors-repository";
import { enforceLimit } from "./limits";
import { deleteOneTimeTokens } from "./one-time-tokens-repository";
import { assertStrongPassword } from "./passwords";
import { parsePkceChallenge } from "./pkce";
import { checkNonce, spendNonce } from "./reauthenticate";
import { resolveRedirect } from "./redirects";
import { endSessions, findSession } from "./sessions-repository";
import { toUserJson, userMetadataOf } from "./user-json";
import * as usersRepo from "./users-repository";

const userNotFound = () => new AppError("user_not_found", "User from sub claim in JWT does not exist");

async function loadUser(deps: AuthDeps, userId: string) {
  const user = await usersRepo.findUserById(deps.db, userId);
  if (!user) throw userNotFound();
  return user;
}

export async function getUser(deps: AuthDeps, who: SignedIn): Promise<AuthUser> {
  return toUserJson(deps.db, await loadUser(deps, who.userId));
}

/** GoTrue merges `data` into user_metadata key by key; a null value removes the key. */
export function mergeMetadata(current: Record<string, unknown>, patch: Record<string, unknown>) {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** GoTrue's rule: a session signed in longer ago than this needs a reauthentication nonce for a new password. */
const REAUTHENTICATION_WINDOW_MS = 24 * 3600 * 1000;

/**
 * With a verified factor, a password or address change needs an aal2 session: otherwise a stolen password
 * alone could replace the password, or move the account to another mailbox.
 */
async function assertAssuranceFor(deps: AuthDeps, user: UserRow, session: SessionRow | undefined) {
  const hasVerifiedFactor = (await listFactors(deps.db, user.id)).some((f) => f.status === "verified");
  if (hasVerifiedFactor && session?.aal !== "aal2") {
    throw new AppError(
      "insufficient_aal",
      "AAL2 session is required to update email or password when MFA is enabled.",
      { status: 401 },
    );
  }
}

/**
 * The session an accepted invitation started, of an account that has never had a password: it proved the
 * mailbox moments ago and has no password to protect, so it sets the first one without a nonce. Once a
 * password exists, or in any other session, the usual rule applies.
 */
function setsFirstPasswordFromInvitation(user: UserRow, session: SessionRow | undefined) {
  if (user.encrypted_password !== null || !session) return false;
  const amr = JSON.parse(session.amr) as { method: string }[];
  return amr.some((entry) => entry.method === "invite");
}

/**
 * A nonce that is sent is always checked. One is required (AUTH_SECURE_PASSWORD_CHANGE) when the session
 * was signed in more than 24 hours ago, as GoTrue does: a session left open somewhere cannot set a new
 * password without access to the mailbox.
 */
async function nonceForPasswordChange(
  deps: AuthDeps,
  user: UserRow,
  session: SessionRow | undefined,
  nonce?: string,
) {
  if (nonce !== undefined) return checkNonce(deps, user, nonce);
  if (setsFirstPasswordFromInvitation(user, session)) return undefined;
  const signedInAt = session ? Date.parse(session.created_at) : Number.NEGATIVE_INFINITY;
  if (deps.config.AUTH_SECURE_PASSWORD_CHANGE && deps.now() - signedInAt > REAUTHENTICATION_WINDOW_MS) {
    throw new AppError("reauthentication_needed", "Password update requires reauthentication");
  }
  return undefined;
}

/**
 * The new address, after the limits: a request counts against the user's budget and the address's mail
 * budget before anyone learns whether the address is taken.
 */
async function pendingEmailFor(deps: AuthDeps, user: UserRow, requested: string | undefined) {
  if (requested === undefined) return undefined;
  const email = normalizeEmail(requested);
  if (email === user.email) return undefined;
  await enforceLimit(deps, "emailChangePerUser", user.id);
  await enforceLimit(deps, "mailPerAddress", email);
  if (await usersRepo.findUserByEmail(deps.db, email)) {
    throw new AppError("email_exists", "A user with this email address has already been registered");
  }
  return email;
}

/**
 * PUT /user. A new password ends every other session of the user; a new e-mail address only takes effect
 * when the links mailed to it and to the current address have both been followed.
 */
export async function updateUser(
  deps: AuthDeps,
  who: SignedIn,
  input: UpdateUserInput,
  requestedRedirect: string | undefined,
  requester: Requester,
): Promise<AuthUser> {
  const before = await loadUser(deps, who.userId);
  const pkce = parsePkceChallenge(input);
  const session = await findSession(deps.db, who.sessionId);
  // Every attempt at a new password costs a bcrypt hash, so every one counts, refused or not.
  if (input.password !== undefined) await enforceLimit(deps, "passwordChangePerUser", before.id);
  const changesEmail = input.email !== undefined && normalizeEmail(input.email) !== before.email;
  if (input.password !== undefined || changesEmail) await assertAssuranceFor(deps, before, session);
  let passwordHash: string | undefined;
  let nonce: OneTimeTokenRow | undefined;
  if (input.password !== undefined) {
    assertStrongPassword(input.password);
    nonce = await nonceForPasswordChange(deps, before, session, input.nonce);
  }
  const newEmail = await pendingEmailFor(deps, before, input.email);
  if (input.password !== undefined) passwordHash = await deps.passwords.hash(input.password);
  const at = nowIso(deps);
  await deps.db.withTransaction(async (trx) => {
    const user = await usersRepo.lockUser(trx, who.userId);
    if (!user) throw userNotFound();
    if (nonce) await spendNonce(trx, nonce, at);
    if (input.data) {
      const merged = mergeMetadata(userMetadataOf(user), input.data);
      await usersRepo.updateUser(trx, user.id, { raw_user_meta_data: metadataJson(merged) }, at);
    }
    if (passwordHash) {
      await usersRepo.updateUser(trx, user.id, { encrypted_password: passwordHash }, at);
      await endSessions(trx, { userId: user.id, except: who.sessionId, at, reason: "password_changed" });
      await deleteOneTimeTokens(trx, user.id, "recovery");
    }
  });
  if (input.data) await audit(deps, "user_metadata_updated", { userId: who.userId, requester });
  if (passwordHash) await audit(deps, "password_changed", { userId: who.userId, requester });
  if (newEmail) {
    await sendEmailChange(deps, {
      userId: who.userId,
      newEmail,
      redirectTo: resolveRedirect(deps.config, requestedRedirect),
      pkce,
    });
    await audit(deps, "email_change_requested", { userId: who.userId, email: newEmail, requester });
  }
  return toUserJson(deps.db, await loadUser(deps, who.userId));
}
