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

function publicObjectUrl(bucket: string, path: string): string {
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
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as StorageErrorBody | null;
    throw { status: response.status, body };
  }
}

/**
 * Uploads a file as the signed-in user and answers its public address. A refusal rejects with
 * `{ status, body }` (the storage API's error body), which describeApiError turns into its message.
 */
export async function uploadPublicObject(bucket: string, path: string, file: File): Promise<string> {
  await uploadObject(bucket, path, file);
  return publicObjectUrl(bucket, path);
}
