import { existsSync } from "node:fs";
import { readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Backup } from "@app/contracts";
import { isBackupId, timeOfBackupId } from "./backup-id";
import { backupSize, listFiles, MANIFEST_FILE, readManifest } from "./manifest";

/** A backup as the admin screen lists it (complete: its manifest was written). */
export type BackupEntry = Backup;

async function sizeOnDisk(dir: string) {
  let total = 0;
  for (const path of await listFiles(dir)) total += (await stat(join(dir, path))).size;
  return total;
}

const incomplete = (id: string, size: number): BackupEntry => ({
  id,
  created_at: timeOfBackupId(id) as string,
  status: "incomplete",
  size_bytes: size,
  engine: null,
  schema_version: null,
});

async function describe(root: string, id: string): Promise<BackupEntry> {
  const dir = join(root, id);
  if (!existsSync(join(dir, MANIFEST_FILE))) return incomplete(id, await sizeOnDisk(dir).catch(() => 0));
  try {
    const manifest = await readManifest(dir);
    return {
      id,
      created_at: manifest.created_at,
      status: "complete",
      size_bytes: backupSize(manifest),
      engine: manifest.engine,
      schema_version: manifest.schema_version,
    };
  } catch {
    // A manifest someone broke: listed, so it is seen, but never counted as a good backup.
    return incomplete(id, 0);
  }
}

/**
 * The backups in BACKUP_DIR, newest first. Only folders named as backups are, so anything else an operator
 * keeps there is neither listed nor ever pruned.
 */
export async function listBackups(root: string): Promise<BackupEntry[]> {
  let names: string[];
  try {
    names = (await readdir(root, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
  const entries: BackupEntry[] = [];
  for (const id of names.filter(isBackupId).sort().reverse()) entries.push(await describe(root, id));
  return entries;
}

/** Removes complete backups beyond the newest `keep`, oldest first; answers the ids removed. */
export async function pruneBackups(root: string, keep: number): Promise<string[]> {
  const complete = (await listBackups(root)).filter((b) => b.status === "complete");
  const surplus = complete.slice(keep).reverse();
  for (const backup of surplus) await rm(join(root, backup.id), { recursive: true, force: true });
  return surplus.map((b) => b.id);
}
