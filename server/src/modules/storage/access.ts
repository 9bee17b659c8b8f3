import type { Request } from "express";
import type { Database } from "../../db/database";
import { AppError } from "../../http/app-error";
import type { createAuthorizer } from "../../http/authorize";
import { type ObjectOwner, ownerOf } from "./owner";
import { type Bucket, findBucket } from "./repository";

/** Finding a bucket from a raw path segment, and who may use it. */
export function storageAccess(db: Database, authorizer: ReturnType<typeof createAuthorizer>) {
  async function bucketNamed(id: string | undefined): Promise<Bucket> {
    const bucket = id ? await findBucket(db, id) : undefined;
    if (!bucket) throw new AppError("NoSuchBucket", "Bucket not found");
    return bucket;
  }

  /** The bucket named by a raw (still percent-encoded) path segment. */
  function bucketFrom(raw: string): Promise<Bucket> {
    let id: string | undefined;
    try {
      id = decodeURIComponent(raw);
    } catch {
      id = undefined;
    }
    return bucketNamed(id);
  }

  /** Past the storage API's policies, as in Supabase: the service_role key may do what staff may. */
  const asStorage = { serviceRoleBypasses: true };
  /**
   * Staff (or admin, at the assurance level the deployment asks for) and the service_role key may do
   * anything; the answer is who to record as the owner of what they write.
   */
  const staff = async (req: Request): Promise<ObjectOwner> =>
    ownerOf(await authorizer.authorize("staff", req, asStorage));
  /** Reading: anyone with the API key for a public bucket, staff (and the service key) for a private one. */
  const reader = (req: Request, bucket: Bucket) =>
    authorizer.authorize(bucket.public ? "public" : "staff", req, asStorage);

  return { bucketNamed, bucketFrom, staff, reader };
}
