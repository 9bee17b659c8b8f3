import type { Readable } from "node:stream";
import { type StorageImageTransform, storageImageTransformSchema } from "@app/contracts";
import type { Request, Response } from "express";
import { AppError } from "../../http/app-error";
import {
  assertSourceSize,
  type ImageRenderLimits,
  isRenderableType,
  outputFormat,
  outputType,
  renderImage,
} from "./image-render";
import type { RenderCache } from "./render-cache";
import { variantOf } from "./render-cache";
import type { Bucket, ObjectRow } from "./repository";
import { isFresh } from "./serve";
import type { StorageService } from "./service";

/** The transformation in a render URL's query; other parameters (download, cacheNonce, token) are not its. */
export function transformFromQuery(query: Request["query"]): StorageImageTransform {
  const parsed = storageImageTransformSchema.safeParse(query);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError("invalid_request", `${issue?.path.join(".")}: ${issue?.message}`, {
      details: "query",
    });
  }
  return parsed.data;
}

async function bytesOf(stream: Readable, limit: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      stream.destroy();
      throw new AppError("ImageTooLarge", "The source image is larger than the server renders");
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

interface ImageRendererDeps {
  service: StorageService;
  cache: RenderCache;
  limits: ImageRenderLimits;
}

/**
 * Answers an image object resized and re-encoded. The ETag names the object's version and the
 * transformation, so a client's If-None-Match is answered (304) before anything is read or rendered; a
 * render is read from the cache or made once and kept there.
 */
export function imageRenderer({ service, cache, limits }: ImageRendererDeps) {
  /** The render of the object's current version: cached, or rendered from bytes read now. */
  async function renderOf(
    bucket: Bucket,
    key: string,
    row: ObjectRow,
    variant: string,
    make: (r: ObjectRow, b: Buffer) => Promise<Buffer>,
  ) {
    const cached = await cache.get(bucket.id, key, row.blob_id, variant);
    if (cached) return cached;
    const { row: current, stream } = await service.read(bucket, key, true);
    // Replaced since its row was read: this version's render would be stale at once.
    if (current.blob_id !== row.blob_id) {
      stream?.destroy();
      throw new AppError("NoSuchKey", "The object changed while it was being rendered; ask again");
    }
    const rendered = await make(current, await bytesOf(stream as Readable, limits.maxBytes));
    await cache.put(bucket.id, key, row.blob_id, variant, rendered);
    return rendered;
  }

  return async function sendRender(
    req: Request,
    res: Response,
    bucket: Bucket,
    key: string,
    transform: StorageImageTransform,
    { publicRead }: { publicRead: boolean },
  ) {
    const row = await service.info(bucket, key);
    if (!isRenderableType(row.mimetype))
      throw new AppError("InvalidMimeType", "Only PNG, JPEG, WebP, AVIF and GIF images are rendered");
    assertSourceSize(Number(row.size), limits);
    const format = outputFormat(transform.format, row.mimetype, req.headers.accept);
    const variant = variantOf(row.blob_id, {
      width: transform.width,
      height: transform.height,
      resize: transform.resize ?? "cover",
      quality: transform.quality,
      format,
    });
    const etag = `"${variant}"`;
    res.setHeader("ETag", etag);
    res.setHeader("Content-Type", outputType(format));
    res.setHeader("Last-Modified", new Date(row.updated_at).toUTCString());
    res.setHeader("Cache-Control", publicRead ? `max-age=${row.cache_control}` : "private, no-store");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
    // Without a format the answer depends on whether the client takes WebP.
    if (transform.format === undefined) res.setHeader("Vary", "Accept");
    if (isFresh(req, etag)) return res.status(304).end();
    const bytes = await renderOf(bucket, key, row, variant, (current, source) =>
      renderImage(source, current.mimetype, transform, format, limits),
    );
    res.setHeader("Content-Length", String(bytes.length));
    res.status(200).end(req.method === "HEAD" ? undefined : bytes);
  };
}
