import { DELIVERABLES_BUCKET } from "@app/contracts";
import type { Db } from "../../db/database";
import { pathsOfVersions } from "./repository";

/**
 * The storage lock of deliverables: an object a recorded version points at never changes again, whoever
 * asks, so a version's SHA-256 stays the hash of the bytes the client hears.
 */
export async function lockedVersionKeys(trx: Db, bucketId: string, keys: string[]): Promise<string[]> {
  if (bucketId !== DELIVERABLES_BUCKET) return [];
  return pathsOfVersions(trx, keys);
}
