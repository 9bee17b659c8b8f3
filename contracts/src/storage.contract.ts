import { initContract } from "@ts-rest/core";
import { z } from "zod";
import { apiKeyErrorSchema, serviceRoleAccess } from "./common";

const c = initContract();

/** Supabase Storage's error body: the HTTP status as a string, and the error's code. */
export const storageErrorSchema = z.object({
  statusCode: z.string(),
  code: z.string(),
  error: z.string(),
  message: z.string(),
});

const errors = {
  400: storageErrorSchema,
  401: z.union([storageErrorSchema, apiKeyErrorSchema]),
  403: storageErrorSchema,
  404: storageErrorSchema,
} as const;

export const storageBucketSchema = z.object({
  id: z.string(),
  name: z.string(),
  owner: z.string(),
  public: z.boolean(),
  file_size_limit: z.number(),
  /** null: any type. */
  allowed_mime_types: z.array(z.string()).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** A file, or a folder (only `name`, every other field null) when listing. */
const fileObjectSchema = z.object({
  name: z.string(),
  bucket_id: z.string().optional(),
  owner: z.string().optional(),
  id: z.string().nullable(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
  last_accessed_at: z.string().nullable(),
  metadata: z.record(z.unknown()).nullable(),
});

/** A week, as Supabase allows; a longer-lived link could not be taken back short of rotating the secret. */
export const STORAGE_MAX_SIGNED_URL_SECONDS = 7 * 24 * 3600;
const expiresIn = z.number().int().min(1).max(STORAGE_MAX_SIGNED_URL_SECONDS);
/** Keys named in one request (remove, sign): bounded, so one call cannot hold the server for long. */
const keyList = z.array(z.string()).min(1).max(1000);
const bucketId = z.string().min(1).max(100);

/** storage-js's list() options, with its defaults; `sortBy.order` in any case. */
export const storageListBodySchema = z.object({
  prefix: z.string().max(1024).optional(),
  limit: z.number().int().min(1).max(1000).default(100),
  offset: z.number().int().min(0).max(1_000_000).default(0),
  sortBy: z
    .object({
      column: z.enum(["name", "created_at", "updated_at", "last_accessed_at"]).default("name"),
      order: z
        .string()
        .transform((o) => o.toLowerCase())
        .pipe(z.enum(["asc", "desc"]))
        .default("asc"),
    })
    .default({}),
  search: z.string().max(255).optional(),
});

const transferBodySchema = z.object({
  bucketId,
  sourceKey: z.string(),
  destinationKey: z.string(),
  destinationBucket: bucketId.optional().nullable(),
});

/** Who may administer buckets (create, change, empty, delete): administrators and the service_role key. */
const BUCKET_ADMIN = serviceRoleAccess("admin");

/** Supabase's file size limit: bytes, or a decimal size such as `20MB`; null is the server's maximum. */
const fileSizeLimit = z
  .union([
    z.number().int().min(1),
    z
      .string()
      .max(32)
      .regex(/^[0-9]+(?:\.[0-9]+)?(?:gb|mb|kb|b)$/i, "a size in bytes or such as 20MB"),
  ])
  .nullable();
/** A MIME type (`text/plain`) or a family of them (`image/*`); null or empty is every type. */
const mimeTypeList = z
  .array(
    z
      .string()
      .max(255)
      .regex(
        /^[a-z0-9][a-z0-9!#$&^_.+-]*\/(?:\*|[a-z0-9][a-z0-9!#$&^_.+-]*)$/i,
        "a MIME type such as image/png",
      ),
  )
  .max(100)
  .nullable();
const bucketRules = {
  public: z.boolean().optional(),
  file_size_limit: fileSizeLimit.optional(),
  allowed_mime_types: mimeTypeList.optional(),
};
const message = z.object({ message: z.string() });

/** Supabase's largest rendered side: a bigger one is a 400, never an image that size. */
export const STORAGE_IMAGE_MAX_SIDE = 2500;
const side = z.coerce.number().int().min(1).max(STORAGE_IMAGE_MAX_SIDE);
/**
 * storage-js's `transform` option, as query parameters of a render URL or inside createSignedUrl's body.
 * `resize` defaults to cover and `quality` to 80; without `format` the result is WebP for clients that
 * accept it and the source's own format otherwise (`origin` always keeps it).
 */
export const storageImageTransformSchema = z
  .object({
    width: side.optional(),
    height: side.optional(),
    resize: z.enum(["cover", "contain", "fill"]).optional(),
    quality: z.coerce.number().int().min(20).max(100).optional(),
    format: z.enum(["origin", "webp", "avif"]).optional(),
  })
  .strip();
export type StorageImageTransform = z.infer<typeof storageImageTransformSchema>;

const uploaded = z.object({ Id: z.string(), Key: z.string() });
const objectBytes = c.otherResponse({ contentType: "application/octet-stream", body: c.type<Uint8Array>() });
const uploadBody = c.type<Uint8Array>();
const imageBytes = c.otherResponse({ contentType: "image/webp", body: c.type<Uint8Array>() });
const renderErrors = {
  400: storageErrorSchema,
  404: storageErrorSchema,
  413: storageErrorSchema,
  415: storageErrorSchema,
  422: storageErrorSchema,
} as const;
const RENDER_NOTE =
  "Sources are PNG, JPEG, WebP, AVIF and GIF images only (415 otherwise: never SVG or HTML), within the " +
  "server's byte and pixel limits (413; the pixel count is read from the header, the image is not decoded) " +
  "and rendered within its time limit (422). Results are cached per object version and transformation and " +
  "served with an ETag (304 on If-None-Match) and the object's Cache-Control.";
const KEY_NOTE =
  "`path` is the object's key and may hold `/`. Segments `.`, `..` and empty ones, backslashes, control " +
  "characters and percent-encoded forms of them are refused (400).";
const UPLOAD_NOTE =
  "The body is the file, raw or as multipart/form-data (storage-js sends Blobs so). The type sent (the " +
  "Content-Type, or the form file's) is kept when the bucket allows it and the bytes agree with it (a " +
  "type with a known magic number must have it); otherwise the type read from the bytes is stored. " +
  "Size-capped per bucket (413); only the bucket's types (415). `cache-control: max-age=N` sets the " +
  "max-age public downloads are served with (default 3600).";

/**
 * File storage compatible with Supabase Storage, as stock storage-js calls it. The JSON routes are served
 * through ts-rest; the routes that carry a file's bytes (uploads and downloads) are streamed by hand and
 * described here for the API docs, the access matrix and the hostile-input suites. `:path` is the rest of
 * the path (a key may hold `/`); where paths overlap (`/object/list/:bucketId` is also
 * `/object/:bucketId/:path`), the route with the longer literal start is the one served. Access depends on
 * the bucket: public buckets (event-posters, portfolio-media) are readable by anyone; writing, listing and
 * private reads (documents) are for staff; creating, changing, emptying and deleting buckets for
 * administrators, never for the built-in buckets.
 */
export const storageContract = c.router({
  listBuckets: {
    method: "GET",
    path: "/storage/v1/bucket",
    responses: { 200: z.array(storageBucketSchema), ...errors },
    metadata: serviceRoleAccess("staff"),
    summary: "The buckets: the built-in ones and those administrators created",
  },
  getBucket: {
    method: "GET",
    path: "/storage/v1/bucket/:bucketId",
    responses: { 200: storageBucketSchema, ...errors },
    metadata: serviceRoleAccess("staff"),
    summary: "One bucket",
  },
  createBucket: {
    method: "POST",
    path: "/storage/v1/bucket",
    body: z.object({
      id: bucketId.optional(),
      name: bucketId,
      type: z.literal("STANDARD").optional(),
      ...bucketRules,
    }),
    responses: { 200: z.object({ name: z.string() }), 409: storageErrorSchema, ...errors },
    metadata: BUCKET_ADMIN,
    summary: "Create a bucket (storage-js createBucket)",
    description:
      "Names are lower-case letters, digits, `.`, `_` and `-`; the API's own path words (upload, sign, list, …) " +
      "are refused. Without a file size limit the server's maximum applies; without allowed types any type does.",
  },
  updateBucket: {
    method: "PUT",
    path: "/storage/v1/bucket/:bucketId",
    body: z
      .object({ id: bucketId.optional(), name: bucketId.optional(), ...bucketRules })
      .refine(
        (b) =>
          b.public !== undefined || b.file_size_limit !== undefined || b.allowed_mime_types !== undefined,
        "give public, file_size_limit or allowed_mime_types",
      ),
    responses: { 200: message, ...errors },
    metadata: BUCKET_ADMIN,
    summary: "Change a bucket's public flag, file size limit or allowed types",
    description: "The built-in buckets' rules are fixed (403). Objects already stored are not re-checked.",
  },
  emptyBucket: {
    method: "POST",
    path: "/storage/v1/bucket/:bucketId/empty",
    body: c.noBody(),
    responses: { 200: message, 409: storageErrorSchema, ...errors },
    metadata: BUCKET_ADMIN,
    summary: "Remove every object in a bucket",
    description: "Not the built-in buckets (403).",
  },
  deleteBucket: {
    method: "DELETE",
    path: "/storage/v1/bucket/:bucketId",
    body: c.noBody(),
    responses: { 200: message, 409: storageErrorSchema, ...errors },
    metadata: BUCKET_ADMIN,
    summary: "Delete an empty bucket (409 while it holds objects)",
    description: "Not the built-in buckets (403).",
  },
  uploadObject: {
    method: "POST",
    path: "/storage/v1/object/:bucketId/:path",
    headers: z.object({ "x-upsert": z.enum(["true", "false"]).optional() }),
    body: uploadBody,
    responses: {
      200: uploaded,
      409: storageErrorSchema,
      413: storageErrorSchema,
      415: storageErrorSchema,
      ...errors,
    },
    metadata: serviceRoleAccess("staff"),
    summary: "Upload a file; an existing key is a 409 unless x-upsert: true",
    description: `${UPLOAD_NOTE} ${KEY_NOTE}`,
  },
  updateObject: {
    method: "PUT",
    path: "/storage/v1/object/:bucketId/:path",
    body: uploadBody,
    responses: { 200: uploaded, 413: storageErrorSchema, 415: storageErrorSchema, ...errors },
    metadata: serviceRoleAccess("staff"),
    summary: "Upload a file, replacing the object at the key atomically if there is one",
    description: `${UPLOAD_NOTE} ${KEY_NOTE}`,
  },
  downloadObject: {
    method: "GET",
    path: "/storage/v1/object/:bucketId/:path",
    responses: { 200: objectBytes, 304: c.noBody(), ...errors },
    metadata: serviceRoleAccess("public"),
    summary: "Download with the caller's token (`Cache-Control: private, no-store`)",
    description: `Public buckets: anyone with the API key; documents: staff. \`?download[=name]\` answers it as an attachment. ${KEY_NOTE}`,
  },
  downloadAuthenticatedObject: {
    method: "GET",
    path: "/storage/v1/object/authenticated/:bucketId/:path",
    responses: { 200: objectBytes, 304: c.noBody(), ...errors },
    metadata: serviceRoleAccess("public"),
    summary: "Download with the caller's token (storage-js's download())",
    description: KEY_NOTE,
  },
  downloadPublicObject: {
    method: "GET",
    path: "/storage/v1/object/public/:bucketId/:path",
    responses: { 200: objectBytes, 304: c.noBody(), 400: storageErrorSchema, 404: storageErrorSchema },
    metadata: serviceRoleAccess("open"),
    summary: "Download from a public bucket, no token needed (getPublicUrl())",
    description: `Served with its ETag (304 on If-None-Match), the detected type, nosniff and \`Cache-Control: max-age=N\` (the upload's, 3600 by default). ${KEY_NOTE}`,
  },
  getAuthenticatedObjectInfo: {
    method: "GET",
    path: "/storage/v1/object/info/authenticated/:bucketId/:path",
    responses: { 200: z.record(z.unknown()), ...errors },
    metadata: serviceRoleAccess("public"),
    summary: "An object's metadata, as getObjectInfo",
    description: KEY_NOTE,
  },
  getObjectInfo: {
    method: "GET",
    path: "/storage/v1/object/info/:bucketId/:path",
    responses: { 200: z.record(z.unknown()), ...errors },
    metadata: serviceRoleAccess("public"),
    summary: "An object's metadata (storage-js's info() and exists())",
    description: KEY_NOTE,
  },
  listObjects: {
    method: "POST",
    path: "/storage/v1/object/list/:bucketId",
    body: storageListBodySchema,
    responses: { 200: z.array(fileObjectSchema), ...errors },
    metadata: serviceRoleAccess("staff"),
    summary: "One folder level: folders (id null) and files under `prefix`",
  },
  removeObjects: {
    method: "DELETE",
    path: "/storage/v1/object/:bucketId",
    body: z.object({ prefixes: keyList }),
    responses: { 200: z.array(fileObjectSchema), ...errors },
    metadata: serviceRoleAccess("staff"),
    summary: "Remove objects by key; answers the ones removed",
  },
  removeObject: {
    method: "DELETE",
    path: "/storage/v1/object/:bucketId/:path",
    body: c.noBody(),
    responses: { 200: z.object({ message: z.string() }), ...errors },
    metadata: serviceRoleAccess("staff"),
    summary: "Remove one object",
  },
  moveObject: {
    method: "POST",
    path: "/storage/v1/object/move",
    body: transferBodySchema,
    responses: { 200: z.object({ message: z.string() }), 409: storageErrorSchema, ...errors },
    metadata: serviceRoleAccess("staff"),
    summary: "Rename an object (to a free key)",
  },
  copyObject: {
    method: "POST",
    path: "/storage/v1/object/copy",
    body: transferBodySchema,
    responses: { 200: uploaded, 409: storageErrorSchema, ...errors },
    metadata: serviceRoleAccess("staff"),
    summary: "Copy an object to a free key",
  },
  createSignedUrl: {
    method: "POST",
    path: "/storage/v1/object/sign/:bucketId/:path",
    body: z.object({ expiresIn, transform: storageImageTransformSchema.optional() }),
    responses: { 200: z.object({ signedURL: z.string() }), ...errors },
    metadata: serviceRoleAccess("public"),
    summary: "A time-limited URL to download one object without a token",
    description: `Answers \`signedURL\`, relative to /storage/v1; its token is bound to the object and signed with the server's JWT secret. Whoever may read the object may sign it. With \`transform\` the URL is a render URL (/render/image/sign/…) whose token carries the transformation. ${KEY_NOTE}`,
  },
  createSignedUrls: {
    method: "POST",
    path: "/storage/v1/object/sign/:bucketId",
    body: z.object({ expiresIn, paths: keyList }),
    responses: {
      200: z.array(
        z.object({ error: z.string().nullable(), path: z.string(), signedURL: z.string().nullable() }),
      ),
      ...errors,
    },
    metadata: serviceRoleAccess("public"),
    summary: "Signed URLs for several objects",
  },
  createSignedUploadUrl: {
    method: "POST",
    path: "/storage/v1/object/upload/sign/:bucketId/:path",
    headers: z.object({ "x-upsert": z.enum(["true", "false"]).optional() }),
    body: z.object({}).passthrough(),
    responses: { 200: z.object({ url: z.string(), token: z.string() }), ...errors },
    metadata: serviceRoleAccess("staff"),
    summary: "A URL that uploads one file to this key without a token, within 2 hours",
    description: `Whoever may upload may sign. \`url\` is relative to /storage/v1; its token is bound to the bucket, the key and \`x-upsert\` (replace an existing object or not), and uploads once. ${KEY_NOTE}`,
  },
  uploadToSignedUrl: {
    method: "PUT",
    path: "/storage/v1/object/upload/sign/:bucketId/:path",
    query: z.object({ token: z.string() }),
    body: uploadBody,
    responses: {
      200: uploaded,
      400: storageErrorSchema,
      404: storageErrorSchema,
      409: storageErrorSchema,
      413: storageErrorSchema,
      415: storageErrorSchema,
    },
    metadata: serviceRoleAccess("open"),
    summary: "Upload through a signed upload URL (no Authorization header)",
    description: `The bucket's size limit and types apply as to any upload; the token's upsert flag decides whether an existing object is replaced (x-upsert is ignored). 400 once expired or used. ${UPLOAD_NOTE}`,
  },
  downloadSignedObject: {
    method: "GET",
    path: "/storage/v1/object/sign/:bucketId/:path",
    query: z.object({ token: z.string(), download: z.string().optional() }),
    responses: { 200: objectBytes, 304: c.noBody(), 400: storageErrorSchema, 404: storageErrorSchema },
    metadata: serviceRoleAccess("open"),
    summary: "Download through a signed URL (no Authorization header); 400 once expired",
  },
  renderPublicImage: {
    method: "GET",
    path: "/storage/v1/render/image/public/:bucketId/:path",
    query: storageImageTransformSchema,
    responses: { 200: imageBytes, 304: c.noBody(), ...renderErrors },
    metadata: serviceRoleAccess("open"),
    summary: "An image of a public bucket resized and re-encoded (getPublicUrl() with `transform`)",
    description: `${RENDER_NOTE} ${KEY_NOTE}`,
  },
  renderAuthenticatedImage: {
    method: "GET",
    path: "/storage/v1/render/image/authenticated/:bucketId/:path",
    query: storageImageTransformSchema,
    responses: { 200: imageBytes, 304: c.noBody(), ...renderErrors, 401: errors[401], 403: errors[403] },
    metadata: serviceRoleAccess("public"),
    summary: "An image resized with the caller's token (download() with `transform`)",
    description: `Public buckets: anyone with the API key; private ones: staff. ${RENDER_NOTE} ${KEY_NOTE}`,
  },
  renderSignedImage: {
    method: "GET",
    path: "/storage/v1/render/image/sign/:bucketId/:path",
    query: z.object({ token: z.string() }),
    responses: { 200: imageBytes, 304: c.noBody(), ...renderErrors },
    metadata: serviceRoleAccess("open"),
    summary: "An image through a signed render URL (createSignedUrl() with `transform`)",
    description: `The transformation is the one signed into the token. ${RENDER_NOTE}`,
  },
});
