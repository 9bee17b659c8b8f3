import type { AuthSession, TokenInput } from "@app/contracts";
import { AppError } from "../../http/app-error";
import { audit } from "../../platform/audit";
import type { Requester } from "../../platform/deps";
import type { AuthDeps } from "./deps";
import { claimFlowState, findIssuedFlowState, isFlowStateExpired } from "./flow-state";
import { FLOW_STATE_EXPIRY_SECONDS, verifierMatches } from "./pkce";
import { signInUser } from "./sessions";
import { findUserById } from "./users-repository";

const flowStateNotFound = () =>
  new AppError("flow_state_not_found", "invalid flow state, no valid flow state found");

/**
 * grant_type=pkce: `{auth_code, code_verifier}` → a session, as GoTrue answers it. An unknown, used or
 * expired code, or a verifier that does not match the challenge, is refused and changes nothing (a wrong
 * verifier does not burn the code: only its rightful holder can use it anyway). The code is deleted before
 * the session starts, so of two concurrent exchanges only one signs in.
 */
export async function signInWithAuthCode(
  deps: AuthDeps,
  input: TokenInput,
  requester: Requester,
): Promise<AuthSession> {
  if (!input.auth_code || !input.code_verifier) {
    throw new AppError(
      "validation_failed",
      "invalid request: both auth code and code verifier should be non-empty",
    );
  }
  const flow = await findIssuedFlowState(deps.db, input.auth_code);
  if (!flow) throw flowStateNotFound();
  if (isFlowStateExpired(flow, deps.now(), FLOW_STATE_EXPIRY_SECONDS)) {
    throw new AppError("flow_state_expired", "invalid flow state, flow state has expired");
  }
  const pkce = { challenge: flow.code_challenge, method: flow.code_challenge_method };
  if (!verifierMatches(pkce, input.code_verifier)) {
    throw new AppError("bad_code_verifier", "code challenge does not match previously saved code verifier");
  }
  const user = await findUserById(deps.db, flow.user_id);
  if (!user || !(await claimFlowState(deps.db, flow))) throw flowStateNotFound();
  const session = await signInUser(deps, { user, requester, method: flow.authentication_method });
  await audit(deps, "login", {
    userId: user.id,
    email: user.email,
    requester,
    detail: { method: "pkce", authentication_method: flow.authentication_method },
  });
  return session;
}
