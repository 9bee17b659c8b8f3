import { constants } from "node:fs";
import { chmod, copyFile, mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { startWorkerModule } from "../../worker-module";
import { holdBlobRemovals } from "../storage/blob-store";
import { BackupError, OBJECTS_DIR, SQLITE_FILE } from "./manifest";
import type { SnapshotFacts, SnapshotJob } from "./sqlite-snapshot-worker";

/*
 * VACUUM INTO writes a consistent copy from one read transaction: in WAL mode the server's writers go
 * on meanwhile. It blocks the thread that runs it, so it runs on a worker thread and a backup inside
 * the server never stalls its requests.
 */
function vacuumInto(source: string, target: string): Promise<SnapshotFacts> {
  return new Promise((resolve, reject) => {
    const job: SnapshotJob = { source, target };
    const worker = startWorkerModule("sqlite-snapshot-worker", import.meta.url, { workerData: job });
    let facts: SnapshotFacts | undefined;
    worker.once("message", (m: SnapshotFacts) => {
      facts = m;
    });
    worker.once("error", reject);
    worker.once("exit", (code) =>
      facts ? resolve(facts) : reject(new BackupError(`the database copy stopped early (exit ${code})`)),
    );
  });
}

const blobPath = (root: string, blobId: string) => join(root, OBJECTS_DIR, blobId.slice(0, 2), blobId);

/** Copies one blob; false when it is gone (its object was deleted and the file removed). */
async function copyBlob(storageDir: string, outDir: string, blobId: string): Promise<boolean> {
  const target = blobPath(outDir, blobId);
  await mkdir(dirname(target), { recursive: true, mode: 0o700 });
  try {
    await copyFile(blobPath(storageDir, blobId), target, constants.COPYFILE_EXCL);
    await chmod(target, 0o600);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw err;
  }
}

async function blobIdsOnDisk(storageDir: string): Promise<string[]> {
  const root = join(storageDir, OBJECTS_DIR);
  let shards: string[];
  try {
    shards = await readdir(root);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
  const ids: string[] = [];
  for (const shard of shards) {
    const files = await readdir(join(root, shard)).catch(() => [] as string[]);
    ids.push(...files.filter((f) => f.slice(0, 2) === shard));
  }
  return ids;
}

const ATTEMPTS = 5;

/**
 * The database and exactly the blobs its copy names, as of one moment. The blob store writes a blob's file
 * before the row naming it commits and removes it only after that row is gone, and never changes a file.
 * So: copy every file there is, then copy the database; a blob the copy names that was not there yet was
 * written in between and is copied now. Only if that one has since been deleted (written and removed while
 * we copied) is the whole thing done again.
 */
export async function snapshotSqlite(opts: {
  databasePath: string;
  storageDir: string;
  outDir: string;
}): Promise<{ schemaVersion: string | null }> {
  const { databasePath, storageDir, outDir } = opts;
  // This process's own removals wait until the copy is done; another process's (a CLI command beside
  // the server) can still race it, which the retries below answer.
  const release = holdBlobRemovals(storageDir);
  try {
    return await snapshotWithRetries(databasePath, storageDir, outDir);
  } finally {
    await release();
  }
}

async function snapshotWithRetries(databasePath: string, storageDir: string, outDir: string) {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    await rm(join(outDir, OBJECTS_DIR), { recursive: true, force: true });
    await rm(join(outDir, SQLITE_FILE), { force: true });
    const copied = new Set<string>();
    for (const id of await blobIdsOnDisk(storageDir))
      if (await copyBlob(storageDir, outDir, id)) copied.add(id);
    // VACUUM INTO writes into an empty file as it finds it: created owner-only, the copy never is readable
    // by others, not even while it is written.
    await writeFile(join(outDir, SQLITE_FILE), "", { mode: 0o600, flag: "wx" });
    const facts = await vacuumInto(databasePath, join(outDir, SQLITE_FILE));
    const named = new Set(facts.blobIds);
    let complete = true;
    for (const id of named) {
      if (copied.has(id)) continue;
      if (!(await copyBlob(storageDir, outDir, id))) {
        complete = false;
        break;
      }
    }
    if (!complete) continue;
    // Files no row of the copy names (uploads that had not committed, leftovers of a crash) stay out.
    for (const id of copied) if (!named.has(id)) await rm(blobPath(outDir, id), { force: true });
    return { schemaVersion: facts.schemaVersion };
  }
  throw new BackupError(`the stored files kept changing under the backup (${ATTEMPTS} attempts); try again`);
}
