import { initServer } from "@ts-rest/express";
import express, { type Request } from "express";
import { AppError } from "../../http/app-error";
import { principalOf } from "../../http/authorize";
import { jsonBodiesOnly } from "../../http/json-bodies-only";
import { utf8JsonOnly } from "../../http/json-charset";
import { storageAccess } from "./access";
import { createBucketAdmin } from "./buckets";
import type { StorageDeps } from "./deps";
import { listLevel } from "./listing";
import { listPrefix, objectKeyFromBody, objectKeyFromRawPath } from "./object-key";
import { ownerOf } from "./owner";
import { bucketJson, fileObject, listBuckets, objectInfo, objectsUnder } from "./repository";
import { storageJsonContract } from "./served-by";
import { signedPath, signedRenderPath, signedUploadPath } from "./signed-url";

const s = initServer();

/**
 * Storage is mounted before the app's JSON parser (uploads are streamed), so its JSON routes parse their
 * own bodies, and only UTF-8 JSON ones: a form or XML body would otherwise be read as `{}` and the defaults
 * used, and the parser would decode a UTF-7 one.
 */
const jsonBody = { middleware: [jsonBodiesOnly, utf8JsonOnly, express.json({ limit: "100kb" })] };

const NOT_READABLE = "Either the object does not exist or you do not have access to it";

/**
 * The JSON routes of Supabase Storage, as storage-js calls them: the contract checks access and parses
 * bodies; bucket and key arrive as they are in the raw path (see route-table.ts) and are checked here.
 */
export function storageJsonRoutes({ db, authorizer, service, urls, now }: StorageDeps) {
  const { bucketNamed, bucketFrom, reader } = storageAccess(db, authorizer);
  const buckets = createBucketAdmin(db, service, now);
  /** A bucket's id from the raw path, decoded and looked up as on every other route (404 for none). */
  const bucketIdFrom = async (raw: string) => (await bucketFrom(raw)).id;

  const info = async ({ params, req }: { params: { bucketId: string; path: string }; req: Request }) => {
    const bucket = await bucketFrom(params.bucketId);
    await reader(req, bucket);
    return {
      status: 200 as const,
      body: objectInfo(await service.info(bucket, objectKeyFromRawPath(params.path))),
    };
  };

  async function transferEnds(body: { bucketId: string; destinationBucket?: string | null }) {
    const from = await bucketNamed(body.bucketId);
    const to = body.destinationBucket ? await bucketNamed(body.destinationBucket) : from;
    return { from, to };
  }

  return s.router(storageJsonContract, {
    listBuckets: async () => ({ status: 200, body: (await listBuckets(db)).map(bucketJson) }),
    getBucket: async ({ params }) => ({ status: 200, body: bucketJson(await bucketFrom(params.bucketId)) }),
    createBucket: {
      ...jsonBody,
      handler: async ({ body }) => ({ status: 200, body: await buckets.create(body) }),
    },
    updateBucket: {
      ...jsonBody,
      handler: async ({ params, body }) => ({
        status: 200,
        body: await buckets.update(await bucketIdFrom(params.bucketId), body),
      }),
    },
    emptyBucket: async ({ params }) => ({
      status: 200,
      body: await buckets.empty(await bucketIdFrom(params.bucketId)),
    }),
    deleteBucket: async ({ params }) => ({
      status: 200,
      body: await buckets.remove(await bucketIdFrom(params.bucketId)),
    }),
    getAuthenticatedObjectInfo: info,
    getObjectInfo: info,
    listObjects: {
      ...jsonBody,
      handler: async ({ params, body }) => {
        const bucket = await bucketFrom(params.bucketId);
        const options = { ...body, prefix: listPrefix(body.prefix) };
        return { status: 200, body: listLevel(await objectsUnder(db, bucket.id, options.prefix), options) };
      },
    },
    removeObjects: {
      ...jsonBody,
      handler: async ({ params, body }) => {
        const bucket = await bucketFrom(params.bucketId);
        const keys = body.prefixes.map((p) => objectKeyFromBody(p, "prefixes"));
        return { status: 200, body: (await service.remove(bucket, keys)).map(fileObject) };
      },
    },
    removeObject: async ({ params }) => {
      const bucket = await bucketFrom(params.bucketId);
      const removed = await service.remove(bucket, [objectKeyFromRawPath(params.path)]);
      if (removed.length === 0) throw new AppError("NoSuchKey", "Object not found");
      return { status: 200, body: { message: "Successfully deleted" } };
    },
    moveObject: {
      ...jsonBody,
      handler: async ({ body }) => {
        const { from, to } = await transferEnds(body);
        const key = objectKeyFromBody(body.sourceKey, "sourceKey");
        const toKey = objectKeyFromBody(body.destinationKey, "destinationKey");
        return { status: 200, body: await service.move(from, key, to, toKey) };
      },
    },
    copyObject: {
      ...jsonBody,
      handler: async ({ body, res }) => {
        const { from, to } = await transferEnds(body);
        const key = objectKeyFromBody(body.sourceKey, "sourceKey");
        const toKey = objectKeyFromBody(body.destinationKey, "destinationKey");
        return { status: 200, body: await service.copy(from, key, to, toKey, ownerOf(principalOf(res))) };
      },
    },
    createSignedUrl: {
      ...jsonBody,
      handler: async ({ params, body, req }) => {
        const bucket = await bucketFrom(params.bucketId);
        await reader(req, bucket);
        const key = objectKeyFromRawPath(params.path);
        await service.info(bucket, key);
        // storage-js sends `transform` only when it has keys; an empty one signs a plain download.
        const transform =
          body.transform && Object.keys(body.transform).length > 0 ? body.transform : undefined;
        const token = urls.sign(bucket.id, key, body.expiresIn, transform);
        const path = transform ? signedRenderPath : signedPath;
        return { status: 200, body: { signedURL: path(bucket.id, key, token) } };
      },
    },
    createSignedUploadUrl: {
      ...jsonBody,
      handler: async ({ params, headers, res }) => {
        const bucket = await bucketFrom(params.bucketId);
        const key = objectKeyFromRawPath(params.path);
        const grant = { upsert: headers["x-upsert"] === "true", owner: ownerOf(principalOf(res)) };
        const token = urls.signUpload(bucket.id, key, grant);
        return { status: 200, body: { url: signedUploadPath(bucket.id, key, token), token } };
      },
    },
    createSignedUrls: {
      ...jsonBody,
      handler: async ({ params, body, req }) => {
        const bucket = await bucketFrom(params.bucketId);
        await reader(req, bucket);
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
              : { error: NOT_READABLE, path, signedURL: null },
          );
        }
        return { status: 200, body: answers };
      },
    },
  });
}
