import { createHash, randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * Rendered images on disk, under `<storage dir>/renders/<2 hex>/<object hash>/<version>.<variant>`: one
 * folder per object, a file per version (the object's blob id, new on every replace) and transformation.
 * A render of a new version removes the folder's older ones, so a replaced image is never served again
 * and its renders do not pile up. Every node keeps its own cache; they agree because the key is the
 * version, not the time.
 */
export function createRenderCache(storageDir: string) {
  const folderOf = (bucketId: string, key: string) => {
    const hash = sha256(`${bucketId}/${key}`);
    return join(storageDir, "renders", hash.slice(0, 2), hash);
  };

  async function get(bucketId: string, key: string, version: string, variant: string) {
    try {
      return await readFile(join(folderOf(bucketId, key), `${version}.${variant}`));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw err;
    }
  }

  async function put(bucketId: string, key: string, version: string, variant: string, bytes: Buffer) {
    const folder = folderOf(bucketId, key);
    await mkdir(folder, { recursive: true, mode: 0o700 });
    // Written whole under a temporary name, then renamed: a reader never sees half a render.
    const tmp = join(folder, `${randomUUID()}.part`);
    await writeFile(tmp, bytes, { mode: 0o600 });
    await rename(tmp, join(folder, `${version}.${variant}`));
    const stale = (await readdir(folder)).filter(
      (name) => !name.startsWith(`${version}.`) && !name.endsWith(".part"),
    );
    await Promise.all(stale.map((name) => rm(join(folder, name), { force: true })));
  }

  return { get, put };
}

export type RenderCache = ReturnType<typeof createRenderCache>;

/** A transformation's name in the cache and in the ETag: the same parameters always give the same one. */
export function variantOf(version: string, parts: Record<string, string | number | undefined>) {
  const canonical = Object.keys(parts)
    .sort()
    .map((k) => `${k}=${parts[k] ?? ""}`)
    .join("&");
  return sha256(`${version}?${canonical}`).slice(0, 32);
}
