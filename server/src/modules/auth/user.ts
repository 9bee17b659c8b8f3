import type { AuthUser, UpdateUserInput } from "@app/contracts";
import { AppError } from "../../http/app-error";
import { metadataJson } from "./accounts";
import { audit } from "./audit";
import { type AuthDeps, normalizeEmail, nowIso, type Requester } from "./deps";
import { enforceLimit } from "./limits";
import { issueOneTimeToken } from "./one-time-tokens";
import { assertStrongPassword } from "./passwords";
import { resolveRedirect } from "./redirects";
import * as repo from "./repository";
import { toUserJson, userMetadataOf } from "./user-json";

export interface SignedIn {
  userId: string;
  sessionId: string;
  aal: "aal1" | "aal2";
}

function loadUser(deps: AuthDeps, userId: string) {
  const user = repo.findUserById(deps.db, userId);
  if (!user) throw AppError.notFound("User from sub claim in JWT does not exist", { code: "user_not_found" });
  return user;
}

export function getUser(deps: AuthDeps, who: SignedIn): AuthUser {
  return toUserJson(deps.db, loadUser(deps, who.userId));
}

/** GoTrue merges `data` into user_metadata key by key; a null value removes the key. */
function mergeMetadata(current: Record<string, unknown>, patch: Record<string, unknown>) {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/**
 * PUT /user. A new password ends every other session of the user; a new e-mail address only takes effect
 * when the link mailed to it is followed.
 */
export async function updateUser(
  deps: AuthDeps,
  who: SignedIn,
  input: UpdateUserInput,
  requestedRedirect: string | undefined,
  requester: Requester,
): Promise<AuthUser> {
  const before = loadUser(deps, who.userId);
  let passwordHash: string | undefined;
  if (input.password !== undefined) {
    assertStrongPassword(input.password);
    passwordHash = await deps.passwords.hash(input.password);
  }
  let newEmail: string | undefined;
  if (input.email !== undefined) {
    const email = normalizeEmail(input.email);
    if (email !== before.email) {
      const taken = repo.findUserByEmail(deps.db, email);
      if (taken) {
        throw new AppError(422, "A user with this email address has already been registered", {
          code: "email_exists",
        });
      }
      enforceLimit(deps, "mailPerAddress", email);
      newEmail = email;
    }
  }
  const at = nowIso(deps);
  deps.db.transaction(() => {
    const user = loadUser(deps, who.userId);
    if (input.data) {
      const merged = mergeMetadata(userMetadataOf(user), input.data);
      repo.updateUser(deps.db, user.id, { raw_user_meta_data: metadataJson(merged) }, at);
    }
    if (passwordHash) {
      repo.updateUser(deps.db, user.id, { encrypted_password: passwordHash }, at);
      repo.endSessions(deps.db, { userId: user.id, except: who.sessionId, at, reason: "password_changed" });
      repo.deleteOneTimeTokens(deps.db, user.id, "recovery");
    }
    if (newEmail) repo.updateUser(deps.db, user.id, { email_change: newEmail }, at);
  });
  if (input.data) audit(deps, "user_metadata_updated", { userId: who.userId, requester });
  if (passwordHash) audit(deps, "password_changed", { userId: who.userId, requester });
  if (newEmail) {
    issueOneTimeToken(deps, {
      user: loadUser(deps, who.userId),
      type: "email_change",
      to: newEmail,
      redirectTo: resolveRedirect(deps.config, requestedRedirect),
    });
    audit(deps, "email_change_requested", { userId: who.userId, email: newEmail, requester });
  }
  return toUserJson(deps.db, loadUser(deps, who.userId));
}
