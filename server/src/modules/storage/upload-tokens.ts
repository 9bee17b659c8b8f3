import type { Db } from "../../db/database";
import { AppError } from "../../http/app-error";
import type { UploadGrant } from "./signed-url";

/**
 * Marks a signed upload URL used, in the upload's own transaction: a second upload with the same token
 * (even one racing the first) finds the mark and is refused. Marks of tokens that have expired anyway
 * are cleared on the way, so the table holds at most two hours of uploads.
 */
export async function claimUploadToken(trx: Db, grant: UploadGrant, now: string): Promise<void> {
  await trx.deleteFrom("storage_used_upload_tokens").where("expires_at", "<", now).execute();
  const marked = await trx
    .insertInto("storage_used_upload_tokens")
    .values({ token_id: grant.tokenId, expires_at: grant.expiresAt })
    .onConflict((oc) => oc.column("token_id").doNothing())
    .executeTakeFirst();
  if (Number(marked.numInsertedOrUpdatedRows ?? 0) === 0)
    throw new AppError("InvalidSignature", "The signed upload URL has already been used");
}
