import type { AppRoleName, GeneratedLink, GenerateLinkInput, GenerateLinkType } from "@app/contracts";
import type { Db } from "../../db/database";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../http/app-error";
import { normalizeEmail, nowIso } from "../../platform/values";
import { draftUser, findOrInsertUser, metadataJson } from "./accounts";
import { type Actor, auditAdminAction } from "./actor";
import type { AuthDeps } from "./deps";
import { enforceLimit } from "./limits";
import { lockAddress } from "./locks";
import { createLinkToken, issueOneTimeToken, type LinkTokenType } from "./one-time-tokens";
import { deleteOneTimeTokens, findUserOneTimeToken } from "./one-time-tokens-repository";
import { assertStrongPassword } from "./passwords";
import { resolveRedirect, SET_PASSWORD_PATH } from "./redirects";
import { emailExists, userNotFound } from "./user-admin";
import { toUserJson } from "./user-json";
import { findUserByEmail, findUserById, lockUser, updateUser } from "./users-repository";

/**
 * The account an invitation is for, in the caller's transaction: created unconfirmed and without a
 * password, or one that exists but was never confirmed (invited again). A confirmed account is refused as
 * GoTrue does, and any existing one when `refuseExisting` (the back office). `role` waits in
 * `invited_role` until the invitation is redeemed (see confirmEmail): the account holds none before.
 *
 * An unconfirmed account may carry a stranger's sign-up: its password and its confirmation link die here,
 * so the only way in is a link mailed to the address, and from then on a sign-up leaves it alone.
 */
async function invitee(
  deps: AuthDeps,
  trx: Db,
  args: {
    email: string;
    data?: Record<string, unknown>;
    role?: AppRoleName;
    refuseExisting?: boolean;
  },
): Promise<{ user: UserRow; created: boolean }> {
  const at = nowIso(deps);
  const draft = draftUser({
    email: args.email,
    passwordHash: null,
    userMetadata: metadataJson(args.data),
    at,
    confirmed: false,
  });
  const found = await findOrInsertUser(trx, draft);
  if (!found.created && args.refuseExisting) {
    throw new AppError("member_exists", `${args.email} already has an account`);
  }
  const user = await lockUser(trx, found.user.id);
  if (!user || user.email_confirmed_at) throw emailExists();
  await deleteOneTimeTokens(trx, user.id, "confirmation");
  await updateUser(
    trx,
    user.id,
    { encrypted_password: null, ...(args.role ? { invited_role: args.role } : {}) },
    at,
  );
  return { user, created: found.created };
}

/**
 * Mails an invitation: a single-use link of type `invite` whose session may set the first password (see
 * user.ts). It leads to the web app's set-password page unless an allowed `redirect_to` says otherwise.
 */
export async function inviteUser(
  deps: AuthDeps,
  actor: Actor,
  args: {
    email: string;
    data?: Record<string, unknown>;
    role?: AppRoleName;
    redirectTo?: string;
    refuseExisting?: boolean;
  },
): Promise<UserRow> {
  const email = normalizeEmail(args.email);
  const redirectTo = resolveRedirect(deps.config, args.redirectTo, SET_PASSWORD_PATH);
  // An invitation is a mail like any other: one per address per minute, whoever asks for it.
  await enforceLimit(deps, "mailPerAddress", email);
  const { user, created, mail } = await deps.db.withTransaction(async (trx) => {
    const found = await invitee(deps, trx, { ...args, email });
    const message = await issueOneTimeToken(deps, trx, {
      user: found.user,
      type: "invite",
      to: email,
      redirectTo,
    });
    return { ...found, mail: message };
  });
  if (mail) await deps.mailer.send(mail);
  await auditAdminAction(deps, "user_invited", actor, user, { role: args.role ?? null, created });
  const stored = await findUserById(deps.db, user.id);
  if (!stored) throw userNotFound();
  return stored;
}

/** The token each requested link type stores, and the type the link then verifies as. */
interface LinkPlan {
  user: UserRow;
  tokenType: LinkTokenType;
  to: string;
  verificationType: GenerateLinkType;
  created: boolean;
}

const userWithEmailNotFound = () => new AppError("user_not_found", "User with this email not found");

async function existingUser(trx: Db, email: string) {
  const user = await findUserByEmail(trx, email);
  if (!user) throw userWithEmailNotFound();
  return user;
}

/**
 * An address change needs both of its links followed (email-change.ts). Generating one link keeps, or
 * issues unseen, the other one for the same change, so generating each in turn hands both to the caller.
 */
async function planEmailChange(
  deps: AuthDeps,
  trx: Db,
  user: UserRow,
  input: GenerateLinkInput,
  redirectTo: string,
): Promise<LinkPlan> {
  if (!input.new_email)
    throw new AppError("validation_failed", "new_email is required for email_change links");
  const newEmail = normalizeEmail(input.new_email);
  await lockUser(trx, user.id);
  await lockAddress(trx, newEmail);
  const taken = await findUserByEmail(trx, newEmail);
  if (taken) throw emailExists();
  const at = nowIso(deps);
  await updateUser(trx, user.id, { email_change: newEmail, email_change_sent_at: at }, at);
  const toNew = input.type === "email_change_new";
  const [otherType, otherTo] = toNew
    ? (["email_change_current", user.email] as const)
    : (["email_change", newEmail] as const);
  const other = await findUserOneTimeToken(trx, user.id, otherType);
  const otherIsLive = other && !other.used_at && other.expires_at > at && other.relates_to === otherTo;
  if (!otherIsLive) await createLinkToken(deps, trx, { user, type: otherType, to: otherTo, redirectTo });
  return {
    user,
    tokenType: toNew ? "email_change" : "email_change_current",
    to: toNew ? newEmail : user.email,
    verificationType: input.type,
    created: false,
  };
}

async function planLink(
  deps: AuthDeps,
  trx: Db,
  input: GenerateLinkInput,
  email: string,
  signupPasswordHash: string | null,
  redirectTo: string,
): Promise<LinkPlan> {
  switch (input.type) {
    case "recovery":
      return {
        user: await existingUser(trx, email),
        tokenType: "recovery",
        to: email,
        verificationType: "recovery",
        created: false,
      };
    case "invite": {
      const { user, created } = await invitee(deps, trx, { email, data: input.data });
      return { user, tokenType: "invite", to: email, verificationType: "invite", created };
    }
    case "email_change_current":
    case "email_change_new":
      return planEmailChange(deps, trx, await existingUser(trx, email), input, redirectTo);
    case "magiclink":
    case "signup": {
      const known = await findUserByEmail(trx, email);
      // GoTrue: a magic link for an unknown address is a sign-up link (here without a password).
      if (input.type === "magiclink" && known) {
        return {
          user: known,
          tokenType: "magiclink",
          to: email,
          verificationType: "magiclink",
          created: false,
        };
      }
      if (known?.email_confirmed_at) throw emailExists();
      const draft = draftUser({
        email,
        passwordHash: signupPasswordHash,
        userMetadata: metadataJson(input.data),
        at: nowIso(deps),
        confirmed: false,
      });
      const { user, created } = await findOrInsertUser(trx, draft);
      return { user, tokenType: "confirmation", to: email, verificationType: "signup", created };
    }
  }
}

/**
 * GoTrue's generate_link: the link and code a mail would carry, answered to the caller instead of mailed
 * (for a server that sends its own mail). `hashed_token` is what POST /verify takes as token_hash.
 */
export async function generateLink(
  deps: AuthDeps,
  actor: Actor,
  input: GenerateLinkInput,
  queryRedirect: string | undefined,
): Promise<GeneratedLink> {
  const email = normalizeEmail(input.email);
  const requested = input.redirect_to ?? input.redirectTo ?? queryRedirect;
  const redirectTo = resolveRedirect(
    deps.config,
    requested,
    input.type === "invite" ? SET_PASSWORD_PATH : undefined,
  );
  if (input.type === "signup" && !input.password) {
    throw new AppError("validation_failed", "Signup requires a valid password");
  }
  const signupPasswordHash =
    input.type === "signup" && input.password ? await hashSignupPassword(deps, input.password) : null;
  const { plan, link } = await deps.db.withTransaction(async (trx) => {
    const linkPlan = await planLink(deps, trx, input, email, signupPasswordHash, redirectTo);
    const made = await createLinkToken(deps, trx, {
      user: linkPlan.user,
      type: linkPlan.tokenType,
      to: linkPlan.to,
      redirectTo,
    });
    if (!made) throw new AppError("validation_failed", "The account's address changed meanwhile; try again");
    return { plan: linkPlan, link: made };
  });
  await auditAdminAction(deps, "link_generated", actor, plan.user, {
    type: plan.verificationType,
    created: plan.created,
  });
  const user = await findUserById(deps.db, plan.user.id);
  if (!user) throw userNotFound();
  return {
    ...(await toUserJson(deps.db, user)),
    action_link: link.link,
    email_otp: link.code,
    hashed_token: link.token,
    verification_type: plan.verificationType,
    redirect_to: redirectTo,
  };
}

async function hashSignupPassword(deps: AuthDeps, password: string) {
  assertStrongPassword(password);
  return deps.passwords.hash(password);
}
