import { randomUUID } from "node:crypto";
import type { Db } from "../../db/database";
import type { FlowStateRow } from "../../db/schema";
import { randomToken, sha256 } from "../../platform/secrets";
import { isoAt, nowIso } from "../../platform/values";
import type { AuthDeps } from "./deps";
import type { PkceChallenge } from "./pkce";

/**
 * The flow_state rows behind PKCE links: stored beside the link's token, given an auth code when the link
 * is followed, and deleted when the code is exchanged. Auth codes are stored as their sha256, like every
 * other token here.
 */

/** In the transaction that stores the link token `tokenId` (a replaced token takes its flow state along). */
export async function storeFlowState(
  deps: Pick<AuthDeps, "now">,
  trx: Db,
  args: {
    userId: string;
    tokenId: string;
    method: FlowStateRow["authentication_method"];
    pkce: PkceChallenge;
  },
) {
  await trx
    .insertInto("flow_state")
    .values({
      id: randomUUID(),
      user_id: args.userId,
      one_time_token_id: args.tokenId,
      authentication_method: args.method,
      code_challenge: args.pkce.challenge,
      code_challenge_method: args.pkce.method,
      auth_code_hash: null,
      auth_code_issued_at: null,
      created_at: nowIso(deps),
    })
    .execute();
}

/**
 * Called once the link token `tokenId` has been consumed: gives its flow state an auth code and answers
 * it, or undefined when the link was requested without a challenge (or its code was already issued).
 * Only the request that consumed the token gets here, so a link yields at most one code.
 */
export async function issueAuthCode(deps: Pick<AuthDeps, "db" | "now">, tokenId: string) {
  const code = randomToken();
  const result = await deps.db
    .updateTable("flow_state")
    .set({ auth_code_hash: sha256(code), auth_code_issued_at: nowIso(deps) })
    .where("one_time_token_id", "=", tokenId)
    .where("auth_code_hash", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n ? code : undefined;
}

export type IssuedFlowState = FlowStateRow & { auth_code_hash: string; auth_code_issued_at: string };

export async function findIssuedFlowState(db: Db, authCode: string): Promise<IssuedFlowState | undefined> {
  const row = await db
    .selectFrom("flow_state")
    .selectAll()
    .where("auth_code_hash", "=", sha256(authCode))
    .executeTakeFirst();
  if (!row?.auth_code_hash || !row.auth_code_issued_at) return undefined;
  return { ...row, auth_code_hash: row.auth_code_hash, auth_code_issued_at: row.auth_code_issued_at };
}

export function isFlowStateExpired(flow: IssuedFlowState, nowMs: number, expirySeconds: number) {
  return flow.auth_code_issued_at <= isoAt(nowMs - expirySeconds * 1000);
}

/** Deletes the flow state, making its code unusable; false when a concurrent exchange got there first. */
export async function claimFlowState(db: Db, flow: IssuedFlowState): Promise<boolean> {
  const result = await db
    .deleteFrom("flow_state")
    .where("id", "=", flow.id)
    .where("auth_code_hash", "=", flow.auth_code_hash)
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}
