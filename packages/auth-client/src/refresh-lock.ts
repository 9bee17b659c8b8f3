import { STORAGE_LEASE_MS, STORAGE_LEASE_POLL_MS, STORAGE_LEASE_SETTLE_MS } from "./constants";
import type { LockManagerLike, StorageLike } from "./types";

export type RunExclusive = <T>(task: () => Promise<T>) => Promise<T>;

interface Lease {
  owner: string;
  expiresAt: number;
}

/**
 * Lets one tab at a time refresh. Web Locks are exact and are freed when a tab dies; the storage lease is the
 * fallback where they are missing, best effort (two tabs can still race on the write), and expires on its own.
 */
export function createRefreshLock(options: {
  name: string;
  locks: LockManagerLike | null;
  storage: StorageLike | null;
  now: () => number;
}): RunExclusive {
  const { locks, storage, name, now } = options;
  if (locks) return (task) => locks.request(name, task);
  if (!storage) return runInTabOnly();

  const owner = `${now()}-${Math.random().toString(36).slice(2)}`;
  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  function readLease(): Lease | null {
    try {
      const raw = storage?.getItem(name);
      return raw ? (JSON.parse(raw) as Lease) : null;
    } catch {
      return null;
    }
  }

  function tryClaim(): boolean {
    const lease = readLease();
    if (lease && lease.owner !== owner && lease.expiresAt > now()) return false;
    try {
      storage?.setItem(name, JSON.stringify({ owner, expiresAt: now() + STORAGE_LEASE_MS }));
    } catch {
      // A storage we cannot write to cannot coordinate anything; go ahead alone.
      return true;
    }
    return readLease()?.owner === owner;
  }

  async function acquire(): Promise<void> {
    for (;;) {
      if (tryClaim()) {
        // Another tab may have read "free" at the same moment; whoever wrote last holds the lease.
        await sleep(STORAGE_LEASE_SETTLE_MS);
        const lease = readLease();
        if (!lease || lease.owner === owner) return;
      }
      await sleep(STORAGE_LEASE_POLL_MS);
    }
  }

  function release(): void {
    if (readLease()?.owner !== owner) return;
    try {
      storage?.removeItem(name);
    } catch {
      // The lease expires by itself.
    }
  }

  const inTab = runInTabOnly();
  return (task) =>
    inTab(async () => {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    });
}

/** Serialises tasks within this tab: a lease never stops its own owner, so same-tab callers queue here. */
function runInTabOnly(): RunExclusive {
  let tail: Promise<unknown> = Promise.resolve();
  return (task) => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}
