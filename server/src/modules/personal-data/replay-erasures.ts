import type { Database } from "../../db/database";
import type { StorageService } from "../storage/service";
import type { ErasureLog } from "./erasure-log";
import { normaliseAddress } from "./request";
import { personalDataService } from "./service";
import { findMentions } from "./text-search";

/** Anything shaped like an address, in any script; the keyed hash decides whether it is one erased. */
const ADDRESS = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;

/** Every distinct address the database mentions anywhere, normalised. */
async function storedAddresses(db: Database): Promise<Set<string>> {
  const found = new Set<string>();
  for (const mention of await findMentions(db, ["@"]))
    for (const text of Object.values(mention.cells))
      for (const match of text.matchAll(ADDRESS)) found.add(normaliseAddress(match[0]));
  return found;
}

/**
 * Erases again, in a database restored from a backup, every person whose erasure the log recorded after
 * the backup was made. The log holds only keyed hashes, so each address the restored data mentions is
 * hashed and looked up. Returns how many people were erased again.
 */
export async function replayErasures(deps: {
  db: Database;
  storage: StorageService;
  log: ErasureLog;
  /** When the backup was made. */
  since: string;
  now: () => number;
}): Promise<number> {
  const wanted = new Set((await deps.log.entriesAfter(deps.since)).map((e) => e.address_hmac));
  if (wanted.size === 0) return 0;
  const erased = [...(await storedAddresses(deps.db))].filter((a) => wanted.has(deps.log.keyOf(a)));
  // No erasure log here: the entries replayed are already in it.
  const service = personalDataService({ db: deps.db, storage: deps.storage, now: deps.now });
  for (const email of erased)
    await service.eraseData(email, {
      actorId: null,
      requester: { ip: "cli", userAgent: "backup restore: erasure replayed" },
    });
  return erased.length;
}
