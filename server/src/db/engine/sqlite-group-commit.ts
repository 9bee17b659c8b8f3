import type SQLite from "better-sqlite3";
import type { ControlledTransaction, Kysely } from "kysely";

interface Member<DB> {
  body: (trx: Kysely<DB>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Group<DB> {
  queue: Member<DB>[];
  /** Takes new bodies until the end of the event-loop turn in which its BEGIN ran. */
  open: boolean;
  /** Wakes the group's runner waiting for a body or for its close. */
  wake?: () => void;
}

/** The savepoint each body runs in; bodies never nest, so one name serves them all. */
const MEMBER = "group_member";

/** Kysely releases the connection even when its ROLLBACK fails (no transaction left to roll back). */
const settle = (rollback: Promise<void>) => rollback.catch(() => {});

/** Thrown to the bodies of a group whose transaction SQLite rolled back because of another body's failure. */
export class GroupRolledBackError extends Error {
  constructor(cause: unknown) {
    super("the database rolled back the transaction this write shared with another request", { cause });
  }
}

/**
 * Group commit on the one SQLite connection. A commit at synchronous=FULL waits for the disk, so rather
 * than one BEGIN IMMEDIATE … COMMIT per transaction, the bodies that arrive in one event-loop turn run one
 * after another as savepoints of a single transaction, committed once when the turn ends.
 *
 * - One body at a time: the next body starts only when the previous one has settled, so no two requests'
 *   statements ever interleave, even when a body waits for real I/O (a password hash, say).
 * - A body that throws rolls back to its own savepoint: the others' writes stay.
 * - Each caller's promise settles only after the COMMIT that holds its writes, so nothing is answered
 *   that a crash could still take away; `afterCommit` runs before any of them settles.
 * - The group holds the connection from BEGIN to COMMIT, so reads outside it (the realtime feed's among
 *   them) run after the commit and never see writes that could still be lost.
 */
export function groupCommit<DB>(kysely: Kysely<DB>, sqlite: SQLite.Database, afterCommit: () => void) {
  const savepoint = sqlite.prepare(`savepoint ${MEMBER}`);
  const release = sqlite.prepare(`release ${MEMBER}`);
  const rollbackTo = sqlite.prepare(`rollback to ${MEMBER}`);
  let forming: Group<DB> | undefined;

  function close(group: Group<DB>) {
    group.open = false;
    if (forming === group) forming = undefined;
    group.wake?.();
  }

  function join(member: Member<DB>) {
    if (!forming) {
      forming = { queue: [], open: true };
      void run(forming);
    }
    forming.queue.push(member);
    forming.wake?.();
  }

  async function nextMember(group: Group<DB>) {
    while (group.queue.length === 0 && group.open) {
      await new Promise<void>((resolve) => {
        group.wake = resolve;
      });
      group.wake = undefined;
    }
    return group.queue.shift();
  }

  /** Undoes the running body's writes; false when its savepoint is gone (so is the transaction's state). */
  function undoMember() {
    try {
      rollbackTo.run();
      release.run();
      return true;
    } catch {
      return false;
    }
  }

  async function run(group: Group<DB>) {
    let trx: ControlledTransaction<DB>;
    try {
      trx = await kysely.startTransaction().execute();
    } catch (error) {
      // BEGIN IMMEDIATE failed (another process held the write lock past busy_timeout): the bodies that
      // were waiting fail with it, unrun; later ones try again in a group of their own.
      close(group);
      for (const member of group.queue.splice(0)) member.reject(error);
      return;
    }
    setImmediate(() => close(group));
    const done: { member: Member<DB>; value: unknown }[] = [];
    for (let member = await nextMember(group); member; member = await nextMember(group)) {
      try {
        savepoint.run();
        const value = await member.body(trx);
        release.run();
        done.push({ member, value });
      } catch (error) {
        if (sqlite.inTransaction && undoMember()) {
          member.reject(error);
          continue;
        }
        // Some errors (a full disk, an I/O error) make SQLite roll back the whole transaction: the
        // bodies before this one are undone too and fail with it; the ones still waiting start afresh.
        // A savepoint that cannot be rolled back to leaves nothing known to commit either.
        member.reject(error);
        for (const settled of done) settled.member.reject(new GroupRolledBackError(error));
        close(group);
        await settle(trx.rollback().execute());
        for (const waiting of group.queue.splice(0)) join(waiting);
        return;
      }
    }
    try {
      await trx.commit().execute();
    } catch (error) {
      for (const settled of done) settled.member.reject(error);
      await settle(trx.rollback().execute());
      return;
    }
    afterCommit();
    for (const settled of done) settled.member.resolve(settled.value);
  }

  return function withTransaction<T>(body: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      join({ body, resolve: resolve as (value: unknown) => void, reject });
    });
  };
}
