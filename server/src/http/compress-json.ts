import { brotliCompress, constants, gzip } from "node:zlib";
import type { RequestHandler, Response } from "express";
import { type Encoding, negotiateEncoding } from "./content-encoding";

/** Below this a compressed answer saves less than the headers and the CPU cost. */
const COMPRESS_THRESHOLD_BYTES = 1024;

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

function compress(encoding: Encoding, body: Buffer, done: (err: Error | null, result: Buffer) => void) {
  // Fast settings: an answer is compressed once per request, unlike the build's assets.
  if (encoding === "br")
    brotliCompress(
      body,
      { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } },
      done,
    );
  else gzip(body, { level: 6 }, done);
}

function isCompressible(res: Response, body: Buffer) {
  if (res.statusCode < 200 || res.statusCode === 204 || res.statusCode === 206 || res.statusCode === 304)
    return false;
  if (res.getHeader("Content-Encoding")) return false;
  return (
    JSON_TYPE.test(String(res.getHeader("Content-Type") ?? "")) && body.length >= COMPRESS_THRESHOLD_BYTES
  );
}

/**
 * Compresses JSON answers of at least 1 KiB that are sent in one piece (res.json / res.send). Anything
 * written in parts — a stream, a file download — is left as it is, and so are HEAD and Range requests.
 */
export const compressJson: RequestHandler = (req, res, next) => {
  if (req.method === "HEAD" || req.headers.range) return next();
  const write = res.write;
  const end = res.end;
  const endWith = end as (this: Response, chunk: Buffer, callback: () => void) => Response;
  let streamed = false;
  res.write = function (this: Response, ...args: Parameters<Response["write"]>) {
    streamed = true;
    return write.apply(this, args);
  } as Response["write"];
  res.end = function (this: Response, ...args: unknown[]) {
    const [chunk, encodingOrCallback] = args;
    if (streamed || chunk == null || typeof chunk === "function" || res.headersSent)
      return Reflect.apply(end, this, args);
    const body =
      typeof chunk === "string"
        ? Buffer.from(
            chunk,
            typeof encodingOrCallback === "string" ? (encodingOrCallback as BufferEncoding) : "utf8",
          )
        : Buffer.from(chunk as Uint8Array);
    if (!isCompressible(res, body)) return Reflect.apply(end, this, args);
    res.vary("Accept-Encoding");
    const encoding = negotiateEncoding(req.headers["accept-encoding"]);
    if (!encoding) return Reflect.apply(end, this, args);
    const callback =
      (args.find((arg) => typeof arg === "function") as (() => void) | undefined) ?? (() => {});
    compress(encoding, body, (err, compressed) => {
      // A failed compression still answers, uncompressed.
      if (err) return endWith.call(res, body, callback);
      res.setHeader("Content-Encoding", encoding);
      res.setHeader("Content-Length", compressed.length);
      endWith.call(res, compressed, callback);
    });
    return res;
  } as Response["end"];
  next();
};
