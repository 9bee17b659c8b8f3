import { randomUUID } from "node:crypto";
import { constants } from "node:fs";
import { copyFile, mkdir, open, rename, rm } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { Readable } from "node:stream";
import { sql } from "kysely";
import type { Database, Db } from "../../db/database";
import type { StagedUpload } from "./staging";

/** Changes to objects' bytes made inside a metadata transaction: they take effect only if it commits. */
interface BlobChanges {
  /** The staged upload becomes the bytes of `blobId`. */
  put(blobId: string, staged: StagedUpload): Promise<void>;
  copy(fromBlobId: string, toBlobId: string): Promise<void>;
  /** Bytes no row refers to any more. */
  drop(blobIds: string[]): Promise<void>;
}

/**
 * Where objects' bytes live. Metadata rows name a blob; a blob is written before the row that names it
 * commits and removed only after the row that named it is gone, so a row never names missing bytes
 * (a crash can at worst leave unnamed bytes behind, never a half object).
 */
export interface BlobStore {
  transaction<T>(db: Database, fn: (trx: Db, blobs: BlobChanges) => Promise<T>): Promise<T>;
  /** The bytes of a blob, or undefined when there are none (a delete or replace won the race). */
  read(db: Db, blobId: string, size: number): Promise<Readable | undefined>;
}

async function fsyncDir(dir: string) {
  const handle = await open(dir, constants.O_RDONLY);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Per storage folder: how many holds there are, and the files whose removal waits for them to end. */
const holds = new Map<string, { count: number; waiting: string[] }>();

/**
 * Until the returned release is called, files this process would remove from `dir` stay where they are
 * (and go at the release). A backup copying the folder holds it, so a blob its database copy names cannot
 * vanish between the copy of the database and the copy of the file, however fast objects are replaced.
 */
export function holdBlobRemovals(dir: string): () => Promise<void> {
  const key = resolve(dir);
  const hold = holds.get(key) ?? { count: 0, waiting: [] };
  holds.set(key, hold);
  hold.count += 1;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    hold.count -= 1;
    if (hold.count > 0) return;
    holds.delete(key);
    await Promise.all(hold.waiting.map((file) => rm(file, { force: true })));
  };
}

/** Removes the files now, or when the folder's holds end. */
async function removeFiles(dir: string, files: string[]) {
  const hold = holds.get(resolve(dir));
  if (hold) hold.waiting.push(...files);
  else await Promise.all(files.map((file) => rm(file, { force: true })));
}

/** Files under `<dir>/objects/<2 hex>/<blob id>`, 0600 in 0700 folders; SQLite deployments (one node). */
export function diskBlobStore(dir: string): BlobStore {
  const pathOf = (blobId: string) => join(dir, "objects", blobId.slice(0, 2), blobId);

  async function place(from: string, blobId: string) {
    const target = pathOf(blobId);
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    await rename(from, target);
    await fsyncDir(dirname(target));
  }

  return {
    async transaction(db, fn) {
      const written: string[] = [];
      const dropped: string[] = [];
      const changes: BlobChanges = {
        async put(blobId, staged) {
          written.push(blobId);
          await place(staged.file, blobId);
        },
        async copy(fromBlobId, toBlobId) {
          const tmp = join(dir, "tmp", `${randomUUID()}.part`);
          await mkdir(dirname(tmp), { recursive: true, mode: 0o700 });
          try {
            await copyFile(pathOf(fromBlobId), tmp, constants.COPYFILE_EXCL);
            const handle = await open(tmp, "r+");
            await handle.sync().finally(() => handle.close());
            written.push(toBlobId);
            await place(tmp, toBlobId);
          } finally {
            await rm(tmp, { force: true });
          }
        },
        async drop(blobIds) {
          dropped.push(...blobIds);
        },
      };
      let result: Awaited<ReturnType<typeof fn>>;
      try {
        result = await db.withTransaction((trx) => fn(trx, changes));
      } catch (err) {
        await Promise.all(written.map((id) => rm(pathOf(id), { force: true })));
        throw err;
      }
      await removeFiles(dir, dropped.map(pathOf));
      return result;
    },

    async read(_db, blobId) {
      try {
        const handle = await open(pathOf(blobId), "r");
        return handle.createReadStream();
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw err;
      }
    },
  };
}

const CHUNK_BYTES = 1024 * 1024;

/**
 * Bytes in the `storage_blobs` table in 1 MiB chunks (PostgreSQL): in the same transaction as the
 * metadata, and the same for every node of a deployment.
 */
export function databaseBlobStore(): BlobStore {
  return {
    async transaction(db, fn) {
      return db.withTransaction((trx) =>
        fn(trx, {
          async put(blobId, staged) {
            const handle = await open(staged.file, "r");
            try {
              let seq = 0;
              for (let offset = 0; offset < staged.size || seq === 0; offset += CHUNK_BYTES) {
                const length = Math.min(CHUNK_BYTES, staged.size - offset);
                const data = Buffer.alloc(length);
                await handle.read(data, 0, length, offset);
                await trx.insertInto("storage_blobs").values({ blob_id: blobId, seq, data }).execute();
                seq++;
              }
            } finally {
              await handle.close();
            }
          },
          async copy(fromBlobId, toBlobId) {
            await trx
              .insertInto("storage_blobs")
              .columns(["blob_id", "seq", "data"])
              .expression((eb) =>
                eb
                  .selectFrom("storage_blobs")
                  .select([sql<string>`cast(${toBlobId} as uuid)`.as("blob_id"), "seq", "data"])
                  .where("blob_id", "=", fromBlobId),
              )
              .execute();
          },
          async drop(blobIds) {
            if (blobIds.length > 0)
              await trx.deleteFrom("storage_blobs").where("blob_id", "in", blobIds).execute();
          },
        }),
      );
    },

    async read(db, blobId, size) {
      const chunk = (seq: number) =>
        db
          .selectFrom("storage_blobs")
          .select("data")
          .where("blob_id", "=", blobId)
          .where("seq", "=", seq)
          .executeTakeFirst();
      const first = await chunk(0);
      if (!first) return undefined;
      async function* chunks() {
        let sent = first?.data.length ?? 0;
        yield first?.data as Buffer;
        for (let seq = 1; sent < size; seq++) {
          const next = await chunk(seq);
          // Replaced or removed while being read: end with an error rather than a short file.
          if (!next) throw new Error("the object changed while it was being read");
          sent += next.data.length;
          yield next.data;
        }
      }
      return Readable.from(chunks(), { objectMode: false });
    },
  };
}
