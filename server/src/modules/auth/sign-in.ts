import type { AuthSession, TokenInput } from "@app/contracts";
import { AppError } from "../../http/app-error";
import { audit } from "../../platform/audit";
import type { Requester } from "../../platform/deps";
import { normalizeEmail } from "../../platform/values";
import type { AuthDeps } from "./deps";
import { isKnownAddress, rememberAddress } from "./known-addresses";
import { enforceLimit, reserveAttempt } from "./limits";
import { signInUser } from "./sessions";
import { findUserByEmail } from "./users-repository";

const invalidCredentials = () => new AppError("invalid_credentials", "Invalid login credentials");

/**
 * The budget an attempt is counted against: the account's shared one, or, from an address the account's
 * right password came from lately, that address's own (so strangers cannot lock the owner out).
 */
async function reserveSignInAttempt(deps: AuthDeps, email: string, userId: string | undefined, ip: string) {
  if (userId && (await isKnownAddress(deps, userId, ip))) {
    return reserveAttempt(deps, "passwordFailuresFromKnownAddress", `${userId}:${ip}`);
  }
  return reserveAttempt(deps, "passwordFailures", email);
}

/**
 * grant_type=password. An unknown address and a wrong password get the same answer after the same work
 * (one bcrypt comparison, against a dummy hash when there is no account). Every attempt is counted per
 * address, known or not, before bcrypt runs, so parallel guesses cannot overspend the budget and the
 * throttle reveals nothing either; the right password gives its attempt back and makes the requester's
 * IP address known to the account (reserveSignInAttempt).
 */
export async function signInWithPassword(
  deps: AuthDeps,
  input: TokenInput,
  requester: Requester,
): Promise<AuthSession> {
  if (!input.email || input.password === undefined) {
    throw new AppError("validation_failed", "An email address and a password are required");
  }
  const email = normalizeEmail(input.email);
  const candidate = await findUserByEmail(deps.db, email);
  const giveBack = await reserveSignInAttempt(deps, email, candidate?.id, requester.ip);
  let isMatch: boolean;
  try {
    isMatch = await deps.passwords.verify(input.password, candidate?.encrypted_password);
  } catch (err) {
    // No password was compared (the bcrypt queue was full): not a guess, so not charged.
    await giveBack();
    throw err;
  }
  if (!isMatch || !candidate) {
    await audit(deps, "login_failed", {
      userId: candidate?.id ?? null,
      email,
      requester,
      detail: { reason: candidate ? "wrong_password" : "unknown_email" },
    });
    throw invalidCredentials();
  }
  await giveBack();
  const session = await signInUser(deps, {
    user: candidate,
    requester,
    method: "password",
    // The account may have changed while bcrypt ran: the password compared must still be the one stored.
    guard: (current) => {
      if (current.encrypted_password !== candidate.encrypted_password) throw invalidCredentials();
      if (!current.email_confirmed_at) throw new AppError("email_not_confirmed", "Email not confirmed");
    },
  });
  await rememberAddress(deps, candidate.id, requester.ip);
  await audit(deps, "login", { userId: candidate.id, email, requester, detail: { method: "password" } });
  return session;
}

export async function assertTokenGrantAllowed(deps: AuthDeps, requester: Requester) {
  await enforceLimit(deps, "token", requester.ip);
}
