import type { Logger } from "pino";
import type { Database } from "../../db/database";
import { audit } from "../../platform/audit";
import type { Requester } from "../../platform/deps";
import type { StorageService } from "../storage/service";
import { getBucket } from "../storage/service";
import { erasePersonalData } from "./erase-personal-data";
import type { ErasureLog } from "./erasure-log";
import { exportPersonalData } from "./export-personal-data";
import { purgeErasedContent } from "./repository";
import type { ObjectRef } from "./storage-links";

export interface PersonalDataDeps {
  db: Database;
  storage: StorageService;
  now: () => number;
  /** Where erasures are recorded for replay after a restore; absent while replaying them. */
  erasureLog?: ErasureLog;
  /** Told when the erased rows could not yet be taken out of the database's files. */
  logger?: Logger;
}

/** Who asked: the administrator's account (none from the CLI) and where from. */
export interface Operator {
  actorId: string | null;
  requester: Requester;
}

/**
 * Requests about a person's data, as both the CLI and the admin API make them. Each leaves one audit row
 * that says what was done and by whom, never about whom: the address itself would be personal data kept
 * after its erasure.
 */
export function personalDataService(deps: PersonalDataDeps) {
  const at = () => new Date(deps.now()).toISOString();

  async function removeFiles(refs: ObjectRef[]) {
    let removed = 0;
    for (const bucketId of new Set(refs.map((r) => r.bucket))) {
      const bucket = await getBucket(deps.db, bucketId);
      const keys = refs.filter((r) => r.bucket === bucketId).map((r) => r.key);
      if (bucket) removed += (await deps.storage.remove(bucket, keys)).length;
    }
    return removed;
  }

  return {
    async exportData(email: string, operator: Operator) {
      const result = await exportPersonalData(deps.db, email, at());
      await audit(deps, "personal_data_exported", {
        userId: operator.actorId,
        requester: operator.requester,
        detail: { found: result.found },
      });
      return result;
    },

    /**
     * An address nothing mentions changes nothing, the audit log included; the request is still recorded
     * in the erasure log, as an older backup may hold the person. It is recorded before the erasure: a
     * crash in between replays an erasure that was asked for, never forgets one that was done.
     */
    async eraseData(email: string, operator: Operator) {
      const when = at();
      await deps.erasureLog?.record(email, when);
      const summary = await erasePersonalData(
        { db: deps.db, removeFiles },
        { email, at: when, actorId: operator.actorId },
      );
      if (summary.found) {
        await audit(deps, "personal_data_erased", {
          userId: operator.actorId,
          requester: operator.requester,
          detail: { ...summary },
        });
        const files = summary.removed_files > 0 ? ["storage_objects", "storage_blobs"] : [];
        if (!(await purgeErasedContent(deps.db, [...Object.keys(summary.changed), ...files])))
          deps.logger?.warn(
            "an erasure's old row versions may remain in the database's files: another session's read outlived the wait",
          );
      }
      return summary;
    },
  };
}
export type PersonalDataService = ReturnType<typeof personalDataService>;
