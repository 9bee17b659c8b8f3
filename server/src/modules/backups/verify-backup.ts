import { join } from "node:path";
import type SQLite from "better-sqlite3";
import { openSqliteFile } from "../../db/engine/sqlite-file";
import { BackupError, hashFile, listFiles, MANIFEST_FILE, type Manifest, readManifest } from "./manifest";
import { runPgTool } from "./pg-tools";

/** PRAGMA integrity_check on the copy, opened read-only so checking leaves no file behind. */
function checkSqlite(file: string): string[] {
  let db: SQLite.Database | undefined;
  try {
    db = openSqliteFile(file, { readonly: true, fileMustExist: true });
    const results = db.pragma("integrity_check", { simple: false }) as { integrity_check: string }[];
    const said = results.map((r) => r.integrity_check);
    return said.length === 1 && said[0] === "ok" ? [] : said.slice(0, 10).map((s) => `database: ${s}`);
  } catch (err) {
    return [`database: cannot be opened as SQLite (${(err as Error).message})`];
  } finally {
    db?.close();
  }
}

async function checkPgDump(file: string): Promise<string[]> {
  try {
    await runPgTool("pg_restore", ["--list", file]);
    return [];
  } catch (err) {
    if (err instanceof BackupError && /not found on the PATH/.test(err.message)) throw err;
    return [`database: ${(err as Error).message}`];
  }
}

/**
 * Rechecks a backup: every file the manifest lists is there with its size and SHA-256, nothing else is,
 * and the database copy opens and checks out. Resolves with the manifest; a BackupError lists every
 * problem found.
 */
export async function verifyBackup(dir: string): Promise<Manifest> {
  const manifest = await readManifest(dir);
  const problems: string[] = [];
  const listed = new Set(manifest.files.map((f) => f.path));
  const present = new Set(await listFiles(dir));
  for (const file of manifest.files) {
    if (!present.has(file.path)) {
      problems.push(`${file.path}: missing`);
      continue;
    }
    const actual = await hashFile(join(dir, file.path));
    if (actual.size !== file.size) problems.push(`${file.path}: ${actual.size} bytes, expected ${file.size}`);
    else if (actual.sha256 !== file.sha256) problems.push(`${file.path}: checksum does not match`);
  }
  for (const path of present)
    if (path !== MANIFEST_FILE && !listed.has(path)) problems.push(`${path}: not in the manifest`);
  if (!listed.has(manifest.database)) problems.push(`${manifest.database}: not in the manifest`);
  else if (!problems.some((p) => p.startsWith(`${manifest.database}:`))) {
    const file = join(dir, manifest.database);
    problems.push(...(manifest.engine === "sqlite" ? checkSqlite(file) : await checkPgDump(file)));
  }
  if (problems.length > 0)
    throw new BackupError(
      `backup ${dir} failed verification:\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    );
  return manifest;
}
