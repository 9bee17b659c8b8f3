import { parentPort, workerData } from "node:worker_threads";
import { openSqliteFile } from "../../db/engine/sqlite-file";

/**
 * VACUUM INTO on a thread of its own (see sqlite-snapshot.ts): copies the database at `source` into the
 * empty file `target`, then reports what the copy says about itself.
 */
export interface SnapshotJob {
  source: string;
  target: string;
}
export interface SnapshotFacts {
  schemaVersion: string | null;
  /** Blobs the copy's storage rows name: the files the backup must hold. */
  blobIds: string[];
}

const { source: sourcePath, target } = workerData as SnapshotJob;

const source = openSqliteFile(sourcePath, { readonly: true, fileMustExist: true });
try {
  source.pragma("busy_timeout = 10000");
  source.prepare("VACUUM INTO ?").run(target);
} finally {
  source.close();
}

const copy = openSqliteFile(target, { fileMustExist: true });
try {
  // A self-contained file: no -wal beside it to lose or to leave behind when it is opened.
  copy.pragma("journal_mode = DELETE");
  const has = (name: string) =>
    copy.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(name) !== undefined;
  const facts: SnapshotFacts = {
    schemaVersion: has("kysely_migration")
      ? ((copy.prepare("select max(name) from kysely_migration").pluck().get() as string | null) ?? null)
      : null,
    blobIds: has("storage_objects")
      ? (copy.prepare("select blob_id from storage_objects").pluck().all() as string[])
      : [],
  };
  parentPort?.postMessage(facts);
} finally {
  copy.close();
}
