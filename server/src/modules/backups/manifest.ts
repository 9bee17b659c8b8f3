import { createHash } from "node:crypto";
import { constants } from "node:fs";
import { open, readdir, readFile, rename, writeFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { z } from "zod";

/** A backup's own errors: said to the operator as they are (they never carry a secret). */
export class BackupError extends Error {
  override name = "BackupError";
}

export const MANIFEST_FILE = "manifest.json";
export const SQLITE_FILE = "database.sqlite";
export const PG_DUMP_FILE = "database.pgdump";
/** Blobs keep the live store's layout under this folder: objects/<2 hex>/<blob id>. */
export const OBJECTS_DIR = "objects";
/** Secret files the data folder held (development installs generate them there). */
export const SECRETS_DIR = "secrets";
export const SECRET_FILES = ["jwt-secret", "mfa-encryption-key"] as const;

const BACKUP_TRIGGERS = ["cli", "schedule", "admin"] as const;
export type BackupTrigger = (typeof BACKUP_TRIGGERS)[number];

const fileEntrySchema = z.object({
  path: z.string().min(1),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
type FileEntry = z.infer<typeof fileEntrySchema>;

const manifestSchema = z.object({
  format: z.literal(1),
  created_at: z.string().datetime(),
  engine: z.enum(["sqlite", "postgres"]),
  /** The newest migration the saved database had run; a newer server migrates forward from it. */
  schema_version: z.string().nullable(),
  trigger: z.enum(BACKUP_TRIGGERS),
  database: z.enum([SQLITE_FILE, PG_DUMP_FILE]),
  files: z.array(fileEntrySchema),
});
export type Manifest = z.infer<typeof manifestSchema>;

const HASH_CHUNK = 1024 * 1024;

/** SHA-256 and size of a file, read once, then fsynced so the backup survives a power cut. */
export async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const handle = await open(file, constants.O_RDONLY);
  try {
    const hash = createHash("sha256");
    const buffer = Buffer.alloc(HASH_CHUNK);
    let size = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, HASH_CHUNK, size);
      if (bytesRead === 0) break;
      hash.update(buffer.subarray(0, bytesRead));
      size += bytesRead;
    }
    await handle.sync();
    return { size, sha256: hash.digest("hex") };
  } finally {
    await handle.close();
  }
}

/** Every file below `dir`, as paths relative to it with forward slashes (the manifest's spelling). */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join("/"))
    .sort();
}

export async function fsyncDir(dir: string) {
  const handle = await open(dir, constants.O_RDONLY);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Hashes every file of the backup and writes the manifest last, through a rename: a folder whose
 * manifest exists is complete, one without is a backup in progress or one that failed.
 */
export async function sealBackup(dir: string, head: Omit<Manifest, "format" | "files">): Promise<Manifest> {
  const files: FileEntry[] = [];
  for (const path of await listFiles(dir)) files.push({ path, ...(await hashFile(join(dir, path))) });
  const manifest: Manifest = { format: 1, ...head, files };
  const tmp = join(dir, `${MANIFEST_FILE}.tmp`);
  await writeFile(tmp, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600, flush: true });
  await rename(tmp, join(dir, MANIFEST_FILE));
  await fsyncDir(dir);
  return manifest;
}

/** The manifest of a backup folder; a BackupError when it is missing or not one of ours. */
export async function readManifest(dir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(join(dir, MANIFEST_FILE), "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT")
      throw new BackupError(`${dir} has no ${MANIFEST_FILE}: it is not a finished backup`);
    throw err;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError(`${join(dir, MANIFEST_FILE)} is not valid JSON`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BackupError(
      `${join(dir, MANIFEST_FILE)} is not a backup manifest (${issue?.path.join(".")}: ${issue?.message})`,
    );
  }
  return parsed.data;
}

export const backupSize = (manifest: Manifest) => manifest.files.reduce((sum, f) => sum + f.size, 0);
