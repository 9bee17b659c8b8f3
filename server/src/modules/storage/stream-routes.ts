import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { Db } from "../../db/database";
import { AppError } from "../../http/app-error";
import { storageAccess } from "./access";
import type { StorageDeps } from "./deps";
import { objectKeyFromRawPath } from "./object-key";
import { transformFromQuery } from "./render-routes";
import type { Bucket } from "./repository";
import { sendObject } from "./serve";
import type { StreamRoute } from "./served-by";
import { claimUploadToken } from "./upload-tokens";

const handle =
  (fn: (req: Request, res: Response) => Promise<unknown>): RequestHandler =>
  (req, res, next: NextFunction) => {
    fn(req, res).catch(next);
  };

/**
 * The handlers of the routes that carry a file's bytes. `req.params` holds the bucket and key as they are
 * in the raw path; each is decoded and checked here before anything is read or written.
 */
export function storageStreamRoutes({
  db,
  authorizer,
  service,
  urls,
  now,
  sendRender,
}: StorageDeps): Record<StreamRoute, RequestHandler> {
  const { bucketFrom, staff, reader } = storageAccess(db, authorizer);
  const bucketOf = (req: Request) => bucketFrom(req.params.bucketId ?? "");
  const keyOf = (req: Request) => objectKeyFromRawPath(req.params.path ?? "");

  /** Sends the object's bytes (a HEAD reads only its row). */
  async function send(req: Request, res: Response, bucket: Bucket, key: string, publicRead: boolean) {
    const { row, stream } = await service.read(bucket, key, req.method === "GET");
    sendObject(req, res, row, stream, { publicRead });
  }

  const upload = (method: "POST" | "PUT") =>
    handle(async (req, res) => {
      const bucket = await bucketOf(req);
      const owner = await staff(req);
      const key = keyOf(req);
      // PUT is storage-js's update(): it replaces. POST replaces only when asked to (x-upsert: true).
      const upsert = method === "PUT" || String(req.headers["x-upsert"]).toLowerCase() === "true";
      res.json(await service.upload(req, bucket, key, upsert, owner));
    });

  /**
   * An upload through a signed upload URL: the token, checked before any byte is read, stands in for the
   * caller and decides whether an existing object is replaced; the upload marks it used.
   */
  const uploadSigned = handle(async (req, res) => {
    const bucket = await bucketOf(req);
    const key = keyOf(req);
    const grant = urls.verifyUpload(req.query.token, bucket.id, key);
    const claim = (trx: Db) => claimUploadToken(trx, grant, new Date(now()).toISOString());
    res.json(await service.upload(req, bucket, key, grant.upsert, grant.owner, claim));
  });

  const download = handle(async (req, res) => {
    const bucket = await bucketOf(req);
    await reader(req, bucket);
    await send(req, res, bucket, keyOf(req), false);
  });

  /** A public bucket by its raw path segment; a private one is not there for a URL without a token. */
  async function publicBucketOf(req: Request) {
    const bucket = await bucketOf(req);
    if (!bucket.public) throw new AppError("NoSuchBucket", "Bucket not found");
    return bucket;
  }

  return {
    uploadObject: upload("POST"),
    updateObject: upload("PUT"),
    uploadToSignedUrl: uploadSigned,
    downloadObject: download,
    downloadAuthenticatedObject: download,
    downloadPublicObject: handle(async (req, res) => {
      await send(req, res, await publicBucketOf(req), keyOf(req), true);
    }),
    downloadSignedObject: handle(async (req, res) => {
      const bucket = await bucketOf(req);
      const key = keyOf(req);
      urls.verify(req.query.token, bucket.id, key);
      await send(req, res, bucket, key, false);
    }),
    renderPublicImage: handle(async (req, res) => {
      const bucket = await publicBucketOf(req);
      await sendRender(req, res, bucket, keyOf(req), transformFromQuery(req.query), { publicRead: true });
    }),
    renderAuthenticatedImage: handle(async (req, res) => {
      const bucket = await bucketOf(req);
      await reader(req, bucket);
      await sendRender(req, res, bucket, keyOf(req), transformFromQuery(req.query), { publicRead: false });
    }),
    renderSignedImage: handle(async (req, res) => {
      const bucket = await bucketOf(req);
      const key = keyOf(req);
      const transform = urls.verifyRender(req.query.token, bucket.id, key);
      await sendRender(req, res, bucket, key, transform, { publicRead: false });
    }),
  };
}
