import { randomUUID } from "node:crypto";
import type { Db } from "../../db/database";
import type { MailKind, OneTimeTokenRow, OneTimeTokenType, UserRow } from "../../db/schema";
import { type StampedMail, stampMail } from "../../platform/mail/message";
import { codeHash, randomCode, randomToken, sha256 } from "../../platform/secrets";
import { isoAt } from "../../platform/values";
import type { AuthDeps } from "./deps";
import { storeFlowState } from "./flow-state";
import { replaceOneTimeToken } from "./one-time-tokens-repository";
import type { PkceChallenge } from "./pkce";
import type { AmrMethod } from "./sessions";
import { lockUser, updateUser } from "./users-repository";

/** Tokens whose mail carries a link to GET /verify besides the code. */
export type LinkTokenType = Exclude<OneTimeTokenType, "reauthentication">;

const mailKind: Record<OneTimeTokenType, MailKind> = {
  confirmation: "confirmation",
  magiclink: "magic_link",
  recovery: "recovery",
  email_change: "email_change",
  email_change_current: "email_change_current",
  reauthentication: "reauthentication",
  invite: "invite",
};

/** The `type` the e-mailed link carries, as GoTrue names it. */
export const linkType: Record<LinkTokenType, string> = {
  confirmation: "signup",
  magiclink: "magiclink",
  recovery: "recovery",
  email_change: "email_change",
  email_change_current: "email_change",
  invite: "invite",
};

/** How a session started by each link was authenticated (its `amr` method, GoTrue's names). */
export const amrMethodOf = {
  confirmation: "email/signup",
  magiclink: "magiclink",
  recovery: "recovery",
  email_change: "email_change",
  email_change_current: "email_change",
  invite: "invite",
} as const satisfies Record<LinkTokenType, AmrMethod>;

const sentAtColumn = {
  confirmation: "confirmation_sent_at",
  magiclink: null,
  recovery: "recovery_sent_at",
  email_change: "email_change_sent_at",
  email_change_current: "email_change_sent_at",
  reauthentication: null,
  invite: "invited_at",
} as const;

/** What a confirmation token records of the password it vouches for: a hash of the stored hash. */
const passwordFingerprint = (passwordHash: string | null) => (passwordHash ? sha256(passwordHash) : null);

/**
 * Whether following `token` vouches for the user's current password: it is a sign-up confirmation issued
 * while that very password hash was stored. A later sign-up of the same address stores a new hash (and
 * replaces the token), so no other sign-up's password passes.
 */
export function vouchesForPassword(token: OneTimeTokenRow, user: UserRow): boolean {
  const current = passwordFingerprint(user.encrypted_password);
  return token.token_type === "confirmation" && current !== null && token.password_fingerprint === current;
}

/**
 * Stores only the hashes of a fresh link token and 6-digit code for `to`, replacing any earlier token of
 * that type, and answers both in clear for the mail. In the caller's transaction, holding the user's row
 * (locked first, see locks.ts): one user's tokens are replaced one at a time, a confirmation token
 * records the password stored at that very moment, and a token goes only to the address the account has
 * now (its pending new one for `email_change`). Undefined, and nothing stored, when the address moved on
 * since the caller looked the user up.
 */
async function storeToken(
  deps: AuthDeps,
  trx: Db,
  args: { user: UserRow; type: OneTimeTokenType; to: string; redirectTo: string },
) {
  const nowMs = deps.now();
  const at = isoAt(nowMs);
  const token = randomToken();
  const code = randomCode();
  const current = await lockUser(trx, args.user.id);
  const address = args.type === "email_change" ? current?.email_change : current?.email;
  if (!current || address !== args.to) return undefined;
  const id = randomUUID();
  await replaceOneTimeToken(trx, {
    id,
    user_id: args.user.id,
    token_type: args.type,
    token_hash: sha256(token),
    code_hash: codeHash(args.to, code),
    relates_to: args.to,
    password_fingerprint:
      args.type === "confirmation" ? passwordFingerprint(current.encrypted_password) : null,
    redirect_to: args.redirectTo,
    expires_at: isoAt(nowMs + deps.config.OTP_EXPIRY * 1000),
    created_at: at,
  });
  const column = sentAtColumn[args.type];
  if (column) await updateUser(trx, args.user.id, { [column]: at }, at);
  return { id, token, code };
}

export interface LinkTokenArgs {
  user: UserRow;
  type: LinkTokenType;
  to: string;
  redirectTo: string;
  /** Requested with a PKCE challenge: the link will answer an auth code instead of a session. */
  pkce?: PkceChallenge;
}

/**
 * Creates a single-use, expiring link token and 6-digit code for `to` in the caller's transaction (with the
 * PKCE flow state when a challenge came with the request) and answers them in clear with the verify link
 * that carries the token. Undefined when `to` is no longer the user's address (see storeToken).
 */
export async function createLinkToken(
  deps: AuthDeps,
  trx: Db,
  args: LinkTokenArgs,
): Promise<{ token: string; code: string; link: string } | undefined> {
  const stored = await storeToken(deps, trx, args);
  if (!stored) return undefined;
  const { token, code } = stored;
  if (args.pkce) {
    await storeFlowState(deps, trx, {
      userId: args.user.id,
      tokenId: stored.id,
      method: amrMethodOf[args.type],
      pkce: args.pkce,
    });
  }
  const query = new URLSearchParams({ token, type: linkType[args.type], redirect_to: args.redirectTo });
  return { token, code, link: `${deps.config.SITE_URL}/auth/v1/verify?${query.toString()}` };
}

/**
 * createLinkToken, answered as the mail carrying the link and code: send it once the transaction has
 * committed.
 */
export async function issueOneTimeToken(
  deps: AuthDeps,
  trx: Db,
  args: LinkTokenArgs,
): Promise<StampedMail | undefined> {
  const created = await createLinkToken(deps, trx, args);
  if (!created) return undefined;
  return stampMail(
    { kind: mailKind[args.type], to: args.to, link: created.link, code: created.code },
    deps.now(),
  );
}

/** issueOneTimeToken in a transaction of its own, and the mail sent once it has committed. */
export async function mailOneTimeToken(deps: AuthDeps, args: LinkTokenArgs) {
  const mail = await deps.db.withTransaction((trx) => issueOneTimeToken(deps, trx, args));
  if (mail) await deps.mailer.send(mail);
}

/**
 * A single-use, expiring 6-digit code without a link: it is typed into the app that asked for it, so a
 * link would only be one more copy of the secret. (The token column holds the hash of a value nobody has.)
 * Stored in a transaction of its own, then mailed.
 */
export async function mailCode(
  deps: AuthDeps,
  args: { user: UserRow; type: "reauthentication"; to: string },
) {
  const mail = await deps.db.withTransaction(async (trx) => {
    const stored = await storeToken(deps, trx, { ...args, redirectTo: "" });
    return (
      stored &&
      stampMail({ kind: mailKind[args.type], to: args.to, link: null, code: stored.code }, deps.now())
    );
  });
  if (mail) await deps.mailer.send(mail);
}
