import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
  Router,
} from "express";
import { z } from "zod";
import type { Database } from "../../db/database";
import { AppError } from "../../http/app-error";
import type { createAuthorizer, Principal } from "../../http/authorize";
import { listLevel, parseListBody } from "./listing";
import { objectKeyFromBody, objectKeyFromRawPath } from "./object-key";
import {
  type Bucket,
  bucketJson,
  fileObject,
  findBucket,
  listBuckets,
  objectInfo,
  objectsUnder,
} from "./repository";
import { sendObject } from "./serve";
import type { StorageService } from "./service";
import { type createUrlSigner, MAX_EXPIRES_IN, signedPath } from "./signed-url";

export interface StorageRouterDeps {
  db: Database;
  authorizer: ReturnType<typeof createAuthorizer>;
  service: StorageService;
  urls: ReturnType<typeof createUrlSigner>;
}

type Handler = (req: Request, res: Response) => Promise<unknown>;
const handle =
  (fn: Handler): RequestHandler =>
  (req, res, next: NextFunction) => {
    fn(req, res).catch(next);
  };

/**
 * A route's path as a pattern without capture groups: Express would percent-decode captured parameters
 * (and answer a bad encoding itself); the handlers read the raw path and check the key themselves.
 * `:b` is one segment, `*` one or more.
 */
const route = (path: string) => new RegExp(`^${path.replace(/:\w+/g, "[^/]+").replace("*", ".+")}$`, "i");

/** The raw (still percent-encoded) path segments of the request below the storage prefix. */
const rawSegments = (req: Request) => req.path.split("/").slice(1);

function bodyOf<T extends z.ZodTypeAny>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new AppError("invalid_request", `${issue?.path.join(".") || "body"}: ${issue?.message}`);
}

const expiresIn = z.number().int().min(1).max(MAX_EXPIRES_IN);
const transferBody = z.object({
  bucketId: z.string().min(1).max(100),
  sourceKey: z.string(),
  destinationKey: z.string(),
  destinationBucket: z.string().min(1).max(100).optional().nullable(),
});

/**
 * Supabase Storage's object API under /storage/v1, as stock storage-js calls it. Buckets are fixed by
 * migration: `public` ones are readable by anyone (their public URLs need no token), everything else —
 * writes, listing, signing, private reads — is for staff and admins. Keys come from the raw path and are
 * checked before anything is read or written.
 */
export function storageRouter({ db, authorizer, service, urls }: StorageRouterDeps): Router {
  const router = Router();
  const parseJson = express.json({ limit: "100kb" });
  /** JSON routes read only JSON: a form or XML body would otherwise be ignored and the defaults used. */
  const json: RequestHandler = (req, res, next) => {
    const hasBody =
      (req.headers["content-length"] ?? "0") !== "0" || req.headers["transfer-encoding"] !== undefined;
    if (hasBody && !req.is(["application/json", "application/*+json"]))
      return next(new AppError("unsupported_media_type", "Content-Type must be application/json"));
    parseJson(req, res, next);
  };
  // JSON answers may name private objects; an object's own answer sets its Cache-Control.
  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  async function bucketFrom(raw: string | undefined): Promise<Bucket> {
    let id: string | undefined;
    try {
      id = raw === undefined ? undefined : decodeURIComponent(raw);
    } catch {
      id = undefined;
    }
    const bucket = id ? await findBucket(db, id) : undefined;
    if (!bucket) throw new AppError("NoSuchBucket", "Bucket not found");
    return bucket;
  }

  /** Staff (or admin, at the assurance level the deployment asks for) may do anything. */
  const staff = async (req: Request) =>
    (await authorizer.authorize("staff", req)) as Principal & { kind: "user" };
  /** Reading: anyone with the API key for a public bucket, staff only for a private one. */
  const reader = (req: Request, bucket: Bucket) =>
    authorizer.authorize(bucket.public ? "public" : "staff", req);

  /** `/object/<route words…>/<bucket>/<key…>`: the bucket and checked key after `skip` segments. */
  async function target(req: Request, skip: number) {
    const segments = rawSegments(req);
    const bucket = await bucketFrom(segments[skip]);
    return { bucket, rawKey: segments.slice(skip + 1).join("/") };
  }

  router.get(
    route("/bucket"),
    handle(async (req, res) => {
      await staff(req);
      res.json((await listBuckets(db)).map(bucketJson));
    }),
  );
  router.get(
    route("/bucket/:id"),
    handle(async (req, res) => {
      await staff(req);
      res.json(bucketJson(await bucketFrom(rawSegments(req)[1])));
    }),
  );

  router.post(
    route("/object/list/:bucket"),
    json,
    handle(async (req, res) => {
      const bucket = await bucketFrom(rawSegments(req)[2]);
      await staff(req);
      const options = parseListBody(req.body);
      res.json(listLevel(await objectsUnder(db, bucket.id, options.prefix), options));
    }),
  );

  const transfer = (op: "move" | "copy") =>
    handle(async (req, res) => {
      const principal = await staff(req);
      const body = bodyOf(transferBody, req.body);
      const from = await bucketFrom(encodeURIComponent(body.bucketId));
      const to = body.destinationBucket ? await bucketFrom(encodeURIComponent(body.destinationBucket)) : from;
      const key = objectKeyFromBody(body.sourceKey, "sourceKey");
      const toKey = objectKeyFromBody(body.destinationKey, "destinationKey");
      res.json(
        op === "move"
          ? await service.move(from, key, to, toKey)
          : await service.copy(from, key, to, toKey, principal.userId),
      );
    });
  router.post(route("/object/move"), json, transfer("move"));
  router.post(route("/object/copy"), json, transfer("copy"));

  router.post(
    route("/object/sign/:bucket"),
    json,
    handle(async (req, res) => {
      const bucket = await bucketFrom(rawSegments(req)[2]);
      await reader(req, bucket);
      const body = bodyOf(z.object({ expiresIn, paths: z.array(z.string()).min(1).max(1000) }), req.body);
      const answers = [];
      for (const path of body.paths) {
        let key: string | undefined;
        try {
          key = objectKeyFromBody(path, "path");
          await service.info(bucket, key);
        } catch {
          key = undefined;
        }
        answers.push(
          key
            ? {
                error: null,
                path,
                signedURL: signedPath(bucket.id, key, urls.sign(bucket.id, key, body.expiresIn)),
              }
            : {
                error: "Either the object does not exist or you do not have access to it",
                path,
                signedURL: null,
              },
        );
      }
      res.json(answers);
    }),
  );
  router.post(
    route("/object/sign/:bucket/*"),
    json,
    handle(async (req, res) => {
      const { bucket, rawKey } = await target(req, 2);
      await reader(req, bucket);
      const key = objectKeyFromRawPath(rawKey);
      const body = bodyOf(z.object({ expiresIn }), req.body);
      await service.info(bucket, key);
      res.json({ signedURL: signedPath(bucket.id, key, urls.sign(bucket.id, key, body.expiresIn)) });
    }),
  );
  router.get(
    route("/object/sign/:bucket/*"),
    handle(async (req, res) => {
      const { bucket, rawKey } = await target(req, 2);
      const key = objectKeyFromRawPath(rawKey);
      urls.verify(req.query.token, bucket.id, key);
      const { row, stream } = await service.read(bucket, key, req.method === "GET");
      sendObject(req, res, row, stream, { publicRead: false });
    }),
  );

  router.get(
    route("/object/public/:bucket/*"),
    handle(async (req, res) => {
      const { bucket, rawKey } = await target(req, 2);
      if (!bucket.public) throw new AppError("NoSuchBucket", "Bucket not found");
      const key = objectKeyFromRawPath(rawKey);
      const { row, stream } = await service.read(bucket, key, req.method === "GET");
      sendObject(req, res, row, stream, { publicRead: true });
    }),
  );

  const info = (skip: number) =>
    handle(async (req, res) => {
      const { bucket, rawKey } = await target(req, skip);
      await reader(req, bucket);
      res.json(objectInfo(await service.info(bucket, objectKeyFromRawPath(rawKey))));
    });
  router.get(route("/object/info/authenticated/:bucket/*"), info(3));
  router.get(route("/object/info/:bucket/*"), info(2));

  const download = (skip: number) =>
    handle(async (req, res) => {
      const { bucket, rawKey } = await target(req, skip);
      await reader(req, bucket);
      const key = objectKeyFromRawPath(rawKey);
      const { row, stream } = await service.read(bucket, key, req.method === "GET");
      sendObject(req, res, row, stream, { publicRead: false });
    });
  router.get(route("/object/authenticated/:bucket/*"), download(2));
  router.get(route("/object/:bucket/*"), download(1));

  const upload = (method: "POST" | "PUT") =>
    handle(async (req, res) => {
      const { bucket, rawKey } = await target(req, 1);
      const principal = await staff(req);
      const key = objectKeyFromRawPath(rawKey);
      // PUT is storage-js's update(): it replaces. POST replaces only when asked to (x-upsert: true).
      const upsert = method === "PUT" || String(req.headers["x-upsert"]).toLowerCase() === "true";
      res.json(await service.upload(req, bucket, key, upsert, principal.userId));
    });
  router.post(route("/object/:bucket/*"), upload("POST"));
  router.put(route("/object/:bucket/*"), upload("PUT"));

  router.delete(
    route("/object/:bucket"),
    json,
    handle(async (req, res) => {
      const bucket = await bucketFrom(rawSegments(req)[1]);
      await staff(req);
      const body = bodyOf(z.object({ prefixes: z.array(z.string()).min(1).max(1000) }), req.body);
      const keys = body.prefixes.map((p) => objectKeyFromBody(p, "prefixes"));
      res.json((await service.remove(bucket, keys)).map(fileObject));
    }),
  );
  router.delete(
    route("/object/:bucket/*"),
    handle(async (req, res) => {
      const { bucket, rawKey } = await target(req, 1);
      await staff(req);
      const removed = await service.remove(bucket, [objectKeyFromRawPath(rawKey)]);
      if (removed.length === 0) throw new AppError("NoSuchKey", "Object not found");
      res.json({ message: "Successfully deleted" });
    }),
  );

  return router;
}
