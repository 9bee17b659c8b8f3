import { apiHeaders } from "@/lib/api-client";

/*
 * Files through the Supabase-Storage-compatible API: the same wire protocol as supabase-js's
 * `storage.from(bucket).upload(path, file)`, so the server checks the file (its type by its bytes, its
 * size) and this side only names it.
 */

/** What the storage API answers when it refuses a file (its own error shape, not PostgREST's). */
type StorageErrorBody = { statusCode: string; error: string; message: string };

/** An object name no other upload takes: a fresh folder, then the file's name in safe characters. */
export function uniqueObjectPath(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  const stem = (dot > 0 ? fileName.slice(0, dot) : fileName)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  const extension =
    dot > 0
      ? fileName
          .slice(dot + 1)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, "")
      : "";
  return `${crypto.randomUUID()}/${stem || "file"}${extension ? `.${extension}` : ""}`;
}

/** The address anyone reads an object of a public bucket at. */
export function publicObjectUrl(bucket: string, path: string): string {
  return `/storage/v1/object/public/${encodeURIComponent(bucket)}/${path.split("/").map(encodeURIComponent).join("/")}`;
}

/**
 * Uploads a file as the signed-in user under exactly `path` (never replacing an object already there). A
 * refusal rejects with `{ status, body }` (the storage API's error body), which describeApiError turns
 * into its message.
 */
export async function uploadObject(bucket: string, path: string, file: File): Promise<void> {
  const objectPath = path.split("/").map(encodeURIComponent).join("/");
  const response = await fetch(`/storage/v1/object/${encodeURIComponent(bucket)}/${objectPath}`, {
    method: "POST",
    headers: { ...(await apiHeaders()), "content-type": file.type || "application/octet-stream" },
    body: file,
  });
  await expectStored(response);
}

/**
 * Uploads a file as the signed-in user and answers its public address. A refusal rejects with
 * `{ status, body }` (the storage API's error body), which describeApiError turns into its message.
 */
export async function uploadPublicObject(bucket: string, path: string, file: File): Promise<string> {
  await uploadObject(bucket, path, file);
  return publicObjectUrl(bucket, path);
}

/** A refusal rejects with `{ status, body }`, the storage API's error body. */
async function expectStored(response: Response) {
  if (response.ok) return;
  const body = (await response.json().catch(() => null)) as StorageErrorBody | null;
  throw { status: response.status, body };
}

/** Deletes objects by path (as storage-js's remove(paths)); paths that name nothing are skipped. */
export async function removeObjects(bucket: string, paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  const response = await fetch(`/storage/v1/object/${encodeURIComponent(bucket)}`, {
    method: "DELETE",
    headers: { ...(await apiHeaders()), "content-type": "application/json" },
    body: JSON.stringify({ prefixes: paths }),
  });
  await expectStored(response);
}

/** Deletes every object directly in `folder` (as storage-js's list(folder) then remove). */
export async function removeFolder(bucket: string, folder: string): Promise<void> {
  const response = await fetch(`/storage/v1/object/list/${encodeURIComponent(bucket)}`, {
    method: "POST",
    headers: { ...(await apiHeaders()), "content-type": "application/json" },
    body: JSON.stringify({ prefix: folder, limit: 1000 }),
  });
  await expectStored(response);
  const items = (await response.json()) as { name: string; id: string | null }[];
  // A listing shows sub-folders too (with no id): only objects are removed.
  const paths = items.filter((item) => item.id !== null).map((item) => `${folder}/${item.name}`);
  await removeObjects(bucket, paths);
}
