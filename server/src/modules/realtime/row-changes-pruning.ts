import type { Logger } from "pino";
import type { Db } from "../../db/database";
import { repeatingJob } from "../../platform/repeating-job";
import { pruneMessages, RELAYED_MESSAGES_KEEP_MS } from "./relay-repository";
import { pruneChanges } from "./row-changes-repository";

const PRUNE_EVERY_MS = 60_000;

/**
 * Keeps `row_changes` a delivery buffer, not a history: every minute, the changes logged more than
 * `keepSeconds` ago go (every node has long delivered them by then). Every node may run it; deleting
 * the same old rows twice is harmless. The relayed broadcasts and presence diffs older than a minute go
 * too: the nodes with members prune them as well, but HTTP broadcasts while nobody listens would pile up.
 */
export function createRowChangesPruning(deps: {
  db: Db;
  keepSeconds: number;
  logger: Logger;
  now?: () => number;
}) {
  const { db, keepSeconds, logger, now = Date.now } = deps;
  let running: Promise<unknown> | undefined;

  async function tick(): Promise<number> {
    const at = now();
    const p = pruneMessages(db, new Date(at - RELAYED_MESSAGES_KEEP_MS).toISOString()).then(() =>
      pruneChanges(db, new Date(at - keepSeconds * 1000).toISOString()),
    );
    running = p.catch(() => undefined);
    try {
      return await p;
    } catch (err) {
      logger.warn({ err: (err as Error).message }, "pruning the realtime change log failed");
      return 0;
    } finally {
      running = undefined;
    }
  }

  return { tick, ...repeatingJob(PRUNE_EVERY_MS, tick, () => running) };
}
