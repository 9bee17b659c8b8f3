import { PostgresAdapter } from "kysely";
import type { Database, Db } from "../../db/database";
import type { StorageBucketRow, StorageObjectRow } from "../../db/schema";

export interface Bucket {
  id: string;
  name: string;
  public: boolean;
  fileSizeLimit: number;
  /** Empty: any type. */
  allowedMimeTypes: string[];
  /** The product keeps its own files here: the rules are fixed, and it is never emptied or deleted. */
  builtIn: boolean;
  createdAt: string;
  updatedAt: string;
}

function toBucket(row: StorageBucketRow): Bucket {
  const types = row.allowed_mime_types;
  return {
    id: row.id,
    name: row.name,
    public: Boolean(row.public),
    fileSizeLimit: Number(row.file_size_limit),
    allowedMimeTypes: Array.isArray(types) ? types : (JSON.parse(types) as string[]),
    builtIn: Boolean(row.built_in),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Buckets are read on every request and seldom change: memoised until the data changes. */
export function listBuckets(db: Database): Promise<Bucket[]> {
  return db.cachedRead("storage_buckets", async () =>
    (await db.selectFrom("storage_buckets").selectAll().orderBy("id").execute()).map(toBucket),
  );
}

export async function findBucket(db: Database, id: string): Promise<Bucket | undefined> {
  return (await listBuckets(db)).find((b) => b.id === id);
}

export type ObjectRow = StorageObjectRow;

export function findObject(db: Db, bucketId: string, name: string, lock = false) {
  let query = db
    .selectFrom("storage_objects")
    .selectAll()
    .where("bucket_id", "=", bucketId)
    .where("name", "=", name);
  // PostgreSQL's READ COMMITTED needs the row locked; SQLite's writers are already serialised.
  if (lock && db.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Every object whose key starts with `prefix` (a folder path ending in `/`, or empty for the root). */
export function objectsUnder(db: Db, bucketId: string, prefix: string) {
  let query = db.selectFrom("storage_objects").selectAll().where("bucket_id", "=", bucketId);
  if (prefix !== "")
    query = query.where((eb) => eb(eb.fn("substr", ["name", eb.val(1), eb.val(prefix.length)]), "=", prefix));
  return query.execute();
}

/** What storage-js's list() and remove() show of an object (Supabase's FileObject). */
export function fileObject(row: ObjectRow) {
  return {
    name: row.name,
    bucket_id: row.bucket_id,
    owner: row.owner ?? "",
    id: row.id,
    updated_at: row.updated_at,
    created_at: row.created_at,
    last_accessed_at: row.updated_at,
    metadata: {
      eTag: row.etag,
      size: Number(row.size),
      mimetype: row.mimetype,
      cacheControl: `max-age=${row.cache_control}`,
      lastModified: row.updated_at,
      contentLength: Number(row.size),
      httpStatusCode: 200,
    },
  };
}

/** What GET /object/info answers (Supabase's FileObjectV2; storage-js camelises it). */
export function objectInfo(row: ObjectRow) {
  return {
    id: row.id,
    version: row.blob_id,
    name: row.name,
    bucket_id: row.bucket_id,
    size: Number(row.size),
    content_type: row.mimetype,
    cache_control: `max-age=${row.cache_control}`,
    etag: row.etag,
    last_modified: row.updated_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    last_accessed_at: row.updated_at,
    metadata: {},
  };
}

export function bucketJson(b: Bucket) {
  return {
    id: b.id,
    name: b.name,
    owner: "",
    public: b.public,
    file_size_limit: b.fileSizeLimit,
    // Supabase answers null for a bucket that takes any type.
    allowed_mime_types: b.allowedMimeTypes.length > 0 ? b.allowedMimeTypes : null,
    created_at: b.createdAt,
    updated_at: b.updatedAt,
  };
}
