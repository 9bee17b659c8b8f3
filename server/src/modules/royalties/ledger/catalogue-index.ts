import type { Db } from "../../../db/database";
import type { RoyaltyCatalogue } from "./catalogue";
import { createLineMatcher, type RememberedMatch } from "./line-matcher";

/** A source's remembered manual matches. */
function aliasesOf(trx: Db, sourceId: string): Promise<RememberedMatch[]> {
  return trx
    .selectFrom("royalty_aliases")
    .select(["identifier_kind", "identifier", "work_id", "recording_id"])
    .where("source_id", "=", sourceId)
    .execute();
}

/** The matcher of one import: the catalogue and the source's aliases, read once. */
export async function loadLineMatcher(trx: Db, catalogue: RoyaltyCatalogue, sourceId: string) {
  const { recordings, works } = await catalogue.forMatching(trx);
  return createLineMatcher(recordings, works, await aliasesOf(trx, sourceId));
}
