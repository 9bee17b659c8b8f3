import { randomUUID } from "node:crypto";
import type { Request } from "express";
import type { Database, Db } from "../../db/database";
import { isUniqueViolation } from "../../db/db-errors";
import { AppError } from "../../http/app-error";
import type { BlobStore } from "./blob-store";
import { storedType, typeAllowed } from "./content-type";
import { type ObjectOwner, ownerColumns } from "./owner";
import { type Bucket, findBucket, findObject, type ObjectRow } from "./repository";
import { detectContentType } from "./sniff";
import { type StagedUpload, stageBytes, stageUpload, tooLarge } from "./staging";

const DEFAULT_MAX_AGE = 3600;

/** A bucket's settings, for modules that keep files in storage (legal's documents, personal data's erasure). */
export function getBucket(db: Database, id: string): Promise<Bucket | undefined> {
  return findBucket(db, id);
}

/** An object's row (its stored type among it), for modules whose rows name objects; read with `db`. */
export function getObject(db: Db, bucketId: string, key: string): Promise<ObjectRow | undefined> {
  return findObject(db, bucketId, key);
}

export interface StorageServiceDeps {
  db: Database;
  store: BlobStore;
  /** STORAGE_DIR: uploads are staged under it (and, on SQLite, kept there). */
  dir: string;
  now: () => number;
  /**
   * The keys among `keys` whose objects may never change again (the files a sent or signed legal document
   * depends on). Asked inside the write's transaction; every replace, move and removal of one is refused.
   */
  lockedKeys: (trx: Db, bucketId: string, keys: string[]) => Promise<string[]>;
}

const noSuchKey = () => new AppError("NoSuchKey", "Object not found");
const locked = (keys: string[]) =>
  new AppError(
    "ResourceLocked",
    "The object is part of a sent or signed legal document or a recorded deliverable version and can never be replaced, moved or deleted",
    { details: keys.join(", ") },
  );
const alreadyExists = () => new AppError("KeyAlreadyExists", "The resource already exists");

async function conflictsAsAlreadyExists<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyExists();
    throw err;
  }
}

/** Objects: uploads checked and committed atomically with their bytes, moves, copies, removals, reads. */
export function createStorageService({ db, store, dir, now, lockedKeys }: StorageServiceDeps) {
  const iso = () => new Date(now()).toISOString();

  /** Refuses the write (nothing changed) when any of the keys is locked. */
  async function assertUnlocked(trx: Db, bucket: Bucket, keys: string[]) {
    const found = keys.length > 0 ? await lockedKeys(trx, bucket.id, keys) : [];
    if (found.length > 0) throw locked(found);
  }

  /**
   * Streams the body into a staged file (size-capped), checks its type by its bytes against the bucket,
   * then in one transaction writes the bytes and the row. Without upsert an existing key is a conflict;
   * with it the row points at the new bytes and the old ones go, so a reader sees one or the other.
   * `claim` runs in that transaction first (a signed upload URL marks itself used there), so a refused
   * claim writes nothing and a refused upload claims nothing.
   */
  async function upload(
    req: Request,
    bucket: Bucket,
    key: string,
    upsert: boolean,
    owner: ObjectOwner,
    claim?: (trx: Db) => Promise<void>,
  ) {
    const staged = await stageUpload(req, dir, bucket.fileSizeLimit);
    return commitStaged(staged, bucket, key, upsert, owner, claim);
  }

  /**
   * Bytes the server made (a rendered document) stored as an object by the same checks and commit as an
   * upload; replaces what the key held.
   */
  async function putBytes(bucket: Bucket, key: string, bytes: Buffer, owner: ObjectOwner) {
    if (bytes.length > bucket.fileSizeLimit) throw tooLarge(bucket.fileSizeLimit);
    return commitStaged(await stageBytes(dir, bytes), bucket, key, true, owner);
  }

  /** An object's bytes in memory (documents the server reads back), or undefined when there is none. */
  async function readBytes(bucket: Bucket, key: string): Promise<Buffer | undefined> {
    const row = await findObject(db, bucket.id, key);
    const stream = row && (await store.read(db, row.blob_id, Number(row.size)));
    if (!stream) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async function commitStaged(
    staged: StagedUpload,
    bucket: Bucket,
    key: string,
    upsert: boolean,
    owner: ObjectOwner,
    claim?: (trx: Db) => Promise<void>,
  ) {
    try {
      const detected = await detectContentType(staged.head, staged.file, staged.size);
      const mimetype = storedType(staged.claimedType, detected, staged.head, bucket.allowedMimeTypes);
      if (!mimetype) {
        throw new AppError(
          "InvalidMimeType",
          `The file's content is not one of the types the bucket takes (${bucket.allowedMimeTypes.join(", ")})`,
        );
      }
      const blobId = randomUUID();
      const values = {
        blob_id: blobId,
        size: staged.size,
        mimetype,
        etag: staged.etag,
        cache_control: staged.cacheControl ?? DEFAULT_MAX_AGE,
        ...ownerColumns(owner),
        updated_at: iso(),
      };
      const row = await conflictsAsAlreadyExists(() =>
        store.transaction(db, async (trx, blobs) => {
          await claim?.(trx);
          const existing = await findObject(trx, bucket.id, key, true);
          if (existing && !upsert) throw alreadyExists();
          if (existing) await assertUnlocked(trx, bucket, [key]);
          await blobs.put(blobId, staged);
          if (existing) {
            await trx.updateTable("storage_objects").set(values).where("id", "=", existing.id).execute();
            await blobs.drop([existing.blob_id]);
            return { id: existing.id };
          }
          const id = randomUUID();
          await trx
            .insertInto("storage_objects")
            .values({ id, bucket_id: bucket.id, name: key, created_at: values.updated_at, ...values })
            .execute();
          return { id };
        }),
      );
      return { Id: row.id, Key: `${bucket.id}/${key}` };
    } finally {
      await staged.discard();
    }
  }

  /** Removes the objects named (keys that do not exist are skipped) and answers the ones removed. */
  async function remove(bucket: Bucket, keys: string[]): Promise<ObjectRow[]> {
    if (keys.length === 0) return [];
    return store.transaction(db, async (trx, blobs) => {
      await assertUnlocked(trx, bucket, keys);
      const rows = await trx
        .deleteFrom("storage_objects")
        .where("bucket_id", "=", bucket.id)
        .where("name", "in", keys)
        .returningAll()
        .execute();
      await blobs.drop(rows.map((r) => r.blob_id));
      return rows;
    });
  }

  /** Removes every object in the bucket (none if any is locked) and answers how many went. */
  async function empty(bucket: Bucket): Promise<number> {
    return store.transaction(db, async (trx, blobs) => {
      const rows = await trx
        .deleteFrom("storage_objects")
        .where("bucket_id", "=", bucket.id)
        .returning(["name", "blob_id"])
        .execute();
      // Checked on what was removed, inside the transaction: a locked object rolls the whole delete back.
      await assertUnlocked(
        trx,
        bucket,
        rows.map((r) => r.name),
      );
      await blobs.drop(rows.map((r) => r.blob_id));
      return rows.length;
    });
  }

  async function sourceAndFreeDestination(trx: Db, from: Bucket, key: string, to: Bucket, toKey: string) {
    const source = await findObject(trx, from.id, key, true);
    if (!source) throw noSuchKey();
    if (await findObject(trx, to.id, toKey)) throw alreadyExists();
    if (!typeAllowed(source.mimetype, to.allowedMimeTypes) || Number(source.size) > to.fileSizeLimit) {
      throw new AppError(
        "InvalidMimeType",
        "The object's type or size is not allowed in the destination bucket",
      );
    }
    return source;
  }

  /** Renames an object (possibly into another bucket); its bytes stay where they are. */
  async function move(from: Bucket, key: string, to: Bucket, toKey: string) {
    await conflictsAsAlreadyExists(() =>
      store.transaction(db, async (trx) => {
        const source = await sourceAndFreeDestination(trx, from, key, to, toKey);
        await assertUnlocked(trx, from, [key]);
        await trx
          .updateTable("storage_objects")
          .set({ bucket_id: to.id, name: toKey, updated_at: iso() })
          .where("id", "=", source.id)
          .execute();
      }),
    );
    return { message: "Successfully moved" };
  }

  /** Copies an object's bytes and metadata to a new key. */
  async function copy(from: Bucket, key: string, to: Bucket, toKey: string, owner: ObjectOwner) {
    const id = randomUUID();
    await conflictsAsAlreadyExists(() =>
      store.transaction(db, async (trx, blobs) => {
        const source = await sourceAndFreeDestination(trx, from, key, to, toKey);
        const blobId = randomUUID();
        await blobs.copy(source.blob_id, blobId);
        const at = iso();
        await trx
          .insertInto("storage_objects")
          .values({
            id,
            bucket_id: to.id,
            name: toKey,
            blob_id: blobId,
            size: source.size,
            mimetype: source.mimetype,
            etag: source.etag,
            cache_control: source.cache_control,
            ...ownerColumns(owner),
            created_at: at,
            updated_at: at,
          })
          .execute();
      }),
    );
    return { Id: id, Key: `${to.id}/${toKey}` };
  }

  async function info(bucket: Bucket, key: string): Promise<ObjectRow> {
    const row = await findObject(db, bucket.id, key);
    if (!row) throw noSuchKey();
    return row;
  }

  /**
   * An object's row and, when asked for, its bytes. Reading can lose a race with a replace or delete that
   * committed after the row was read: then the row is read again, once; a second miss is a 404.
   */
  async function read(bucket: Bucket, key: string, withBytes: boolean) {
    for (let attempt = 0; attempt < 2; attempt++) {
      const row = await info(bucket, key);
      if (!withBytes) return { row, stream: undefined };
      const stream = await store.read(db, row.blob_id, Number(row.size));
      if (stream) return { row, stream };
    }
    throw noSuchKey();
  }

  return { upload, putBytes, readBytes, remove, empty, move, copy, info, read };
}

export type StorageService = ReturnType<typeof createStorageService>;
