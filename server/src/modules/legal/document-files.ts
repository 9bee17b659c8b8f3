import type { Database, Db } from "../../db/database";
import { lockedVersionKeys } from "../deliverables/storage-lock";
import { databaseBlobStore, diskBlobStore } from "../storage/blob-store";
import { createStorageService, getBucket, type StorageService } from "../storage/service";
import { pathsInUse } from "./repository";

/**
 * Where a legal document's files go: the private `documents` bucket of the storage service. Legal code
 * names a file by its key in that bucket; the document row keeps its server path.
 */
const DOCUMENTS_BUCKET = "documents";

export const PDF_TYPE = "application/pdf";
export const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

export interface DocumentFiles {
  /** Stores the bytes under `key` (replacing what was there); the bucket checks their type by their bytes. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes under `key`, or undefined when there is no such object. */
  read(key: string): Promise<Buffer | undefined>;
  /** Removes objects (missing keys are skipped): the files of a render that lost a race. */
  remove(keys: string[]): Promise<void>;
}

const URL_PREFIX = `/storage/v1/object/${DOCUMENTS_BUCKET}/`;

/** The server path a document row keeps: downloadable with a staff token or a signed URL. */
export const objectUrl = (key: string) => `${URL_PREFIX}${key.split("/").map(encodeURIComponent).join("/")}`;

export const keyOfUrl = (url: string) =>
  url.startsWith(URL_PREFIX)
    ? url.slice(URL_PREFIX.length).split("/").map(decodeURIComponent).join("/")
    : undefined;

/** A file name from a title: letters (å, ä and ö kept), digits and dashes. */
function fileStem(title: string): string {
  const stem = title
    .normalize("NFC")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return stem || "document";
}

/**
 * Keys of one render's files: under the document's folder and the render's own id, so two renders never
 * write over each other and a row never points at another render's bytes.
 */
export function renderKeys(documentId: string, renderId: string, title: string) {
  const base = `legal/${documentId}/${renderId}/${fileStem(title)}`;
  return { pdf: `${base}.pdf`, docx: `${base}.docx`, signedPdf: `${base}-signed.pdf` };
}

/** The documents bucket of the storage service, as legal code uses it. */
export function storedDocumentFiles(db: Database, storage: StorageService): DocumentFiles {
  const bucket = async () => {
    const found = await getBucket(db, DOCUMENTS_BUCKET);
    if (!found) throw new Error(`the storage bucket ${DOCUMENTS_BUCKET} is missing`);
    return found;
  };
  return {
    async put(key, bytes) {
      await storage.putBytes(await bucket(), key, bytes, null);
    },
    async read(key) {
      return storage.readBytes(await bucket(), key);
    },
    async remove(keys) {
      await storage.remove(await bucket(), keys);
    },
  };
}

/**
 * The storage lock of legal files: a key of the documents bucket that a sent document's PDF or DOCX, or a
 * signed PDF, lives under never changes again, whoever asks (staff, administrators, the service key).
 */
async function lockedDocumentKeys(trx: Db, bucketId: string, keys: string[]): Promise<string[]> {
  if (bucketId !== DOCUMENTS_BUCKET) return [];
  const inUse = await pathsInUse(trx, keys.map(objectUrl));
  return keys.filter((key) => inUse.has(objectUrl(key)));
}

/**
 * The storage service every part of the server uses (the API, the CLI, a restore's erasure replay): files
 * on disk under `dir` with SQLite, in the database with PostgreSQL, and the legal files and the recorded
 * deliverable versions locked, so no caller can build one that forgets the lock.
 */
export function storageWithDocumentLocks({ db, dir, now }: { db: Database; dir: string; now: () => number }) {
  const store = db.engine === "sqlite" ? diskBlobStore(dir) : databaseBlobStore();
  const lockedKeys = async (trx: Db, bucketId: string, keys: string[]) => [
    ...(await lockedDocumentKeys(trx, bucketId, keys)),
    ...(await lockedVersionKeys(trx, bucketId, keys)),
  ];
  return createStorageService({ db, store, dir, now, lockedKeys });
}
