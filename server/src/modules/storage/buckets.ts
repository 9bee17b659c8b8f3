import type { Database } from "../../db/database";
import { AppError } from "../../http/app-error";
import { type Bucket, findBucket } from "./repository";
import type { StorageService } from "./service";

/** Supabase reads sizes such as `20MB` in decimal units. */
const DECIMAL_MB = 1000 * 1000;
/**
 * The largest file any bucket may take, and what a bucket created without a limit takes: uploads are
 * staged on disk and, on PostgreSQL, stored in the database, so there is a ceiling whatever a bucket says.
 */
const STORAGE_MAX_FILE_SIZE = 500 * 1024 * 1024;

/** Lower-case letters, digits, `.`, `_` and `-`, starting with a letter or digit: safe in every URL. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9._-]{0,62}$/;
/**
 * Words of the API's own paths: a bucket so named would make `/object/<word>/…` mean two things (an
 * upload into bucket "list" is also a listing of another bucket).
 */
const RESERVED_NAMES = new Set([
  "upload",
  "sign",
  "public",
  "authenticated",
  "info",
  "list",
  "move",
  "copy",
  "render",
]);

/** What a create or update may set; undefined leaves a rule as it is, null resets it to the default. */
export interface BucketRules {
  public?: boolean;
  file_size_limit?: number | string | null;
  allowed_mime_types?: string[] | null;
}

/** A size in bytes, or in decimal units (`20MB` is 20 000 000 bytes). */
function sizeInBytes(limit: number | string): number {
  if (typeof limit === "number") return limit;
  const match = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(limit);
  const unit = { gb: 1000 * DECIMAL_MB, mb: DECIMAL_MB, kb: 1000, b: 1 }[(match?.[2] ?? "").toLowerCase()];
  if (!match || unit === undefined) throw new AppError("invalid_request", "Invalid file size limit");
  return Math.round(Number(match[1]) * unit);
}

function fileSizeLimit(limit: number | string | null): number {
  if (limit === null) return STORAGE_MAX_FILE_SIZE;
  const bytes = sizeInBytes(limit);
  if (bytes < 1 || bytes > STORAGE_MAX_FILE_SIZE)
    throw new AppError(
      "invalid_request",
      `The file size limit must be between 1 byte and the server's maximum of ${STORAGE_MAX_FILE_SIZE} bytes`,
    );
  return bytes;
}

/** The contract has checked each entry's form; kept lower-case and once each. */
const mimeTypes = (types: string[] | null) => [...new Set((types ?? []).map((t) => t.toLowerCase()))];

const builtIn = (action: string) =>
  new AppError(
    "built_in_bucket",
    `The bucket is one the product keeps its own files in: it cannot be ${action}`,
  );

/**
 * Bucket administration, as Supabase's bucket API: create, change the rules of, empty and delete buckets.
 * The built-in buckets keep the rules their migrations gave them and are never emptied or deleted.
 */
export function createBucketAdmin(db: Database, service: StorageService, now: () => number) {
  const stored = {
    flag: (v: boolean) => (db.engine === "postgres" ? v : v ? 1 : 0),
    list: (v: string[]) => (db.engine === "postgres" ? v : JSON.stringify(v)),
  };

  async function existing(id: string): Promise<Bucket> {
    const bucket = await findBucket(db, id);
    if (!bucket) throw new AppError("NoSuchBucket", "Bucket not found");
    return bucket;
  }

  async function create(body: BucketRules & { id?: string; name: string }) {
    const id = body.id ?? body.name;
    for (const name of new Set([id, body.name])) {
      if (!BUCKET_NAME.test(name) || RESERVED_NAMES.has(name))
        throw new AppError("InvalidBucketName", "Bucket name invalid");
    }
    const at = new Date(now()).toISOString();
    const values = {
      id,
      name: body.name,
      public: stored.flag(body.public ?? false),
      file_size_limit: fileSizeLimit(body.file_size_limit ?? null),
      allowed_mime_types: stored.list(mimeTypes(body.allowed_mime_types ?? null)),
      created_at: at,
      updated_at: at,
    };
    const inserted = await db
      .insertInto("storage_buckets")
      .values(values)
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0)
      throw new AppError("BucketAlreadyExists", "The resource already exists");
    return { name: body.name };
  }

  async function update(id: string, rules: BucketRules) {
    const bucket = await existing(id);
    const next = {
      public: rules.public ?? bucket.public,
      fileSizeLimit:
        rules.file_size_limit === undefined ? bucket.fileSizeLimit : fileSizeLimit(rules.file_size_limit),
      allowedMimeTypes:
        rules.allowed_mime_types === undefined
          ? bucket.allowedMimeTypes
          : mimeTypes(rules.allowed_mime_types),
    };
    const changed =
      next.public !== bucket.public ||
      next.fileSizeLimit !== bucket.fileSizeLimit ||
      next.allowedMimeTypes.join("\n") !== bucket.allowedMimeTypes.join("\n");
    if (changed && bucket.builtIn) throw builtIn("given other rules");
    if (changed)
      await db
        .updateTable("storage_buckets")
        .set({
          public: stored.flag(next.public),
          file_size_limit: next.fileSizeLimit,
          allowed_mime_types: stored.list(next.allowedMimeTypes),
          updated_at: new Date(now()).toISOString(),
        })
        .where("id", "=", bucket.id)
        .execute();
    return { message: "Successfully updated" };
  }

  async function empty(id: string) {
    const bucket = await existing(id);
    if (bucket.builtIn) throw builtIn("emptied");
    await service.empty(bucket);
    return { message: "Successfully emptied" };
  }

  /** Only an empty bucket goes, as in Supabase; the objects' foreign key settles a race with an upload. */
  async function remove(id: string) {
    const bucket = await existing(id);
    if (bucket.builtIn) throw builtIn("deleted");
    const notEmpty = () => new AppError("ResourceNotEmpty", "The bucket you tried to delete is not empty");
    try {
      await db.withTransaction(async (trx) => {
        const any = await trx
          .selectFrom("storage_objects")
          .select("id")
          .where("bucket_id", "=", bucket.id)
          .limit(1)
          .executeTakeFirst();
        if (any) throw notEmpty();
        await trx
          .deleteFrom("storage_buckets")
          .where("id", "=", bucket.id)
          .where("built_in", "=", stored.flag(false))
          .execute();
      });
    } catch (err) {
      const code = (err as { code?: string })?.code;
      if (code === "23503" || code === "SQLITE_CONSTRAINT_FOREIGNKEY") throw notEmpty();
      throw err;
    }
    return { message: "Successfully deleted" };
  }

  return { create, update, empty, remove };
}
