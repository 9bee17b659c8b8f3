import type { Readable } from "node:stream";
import contentDisposition from "content-disposition";
import type { Request, Response } from "express";
import { isControl } from "./object-key";
import type { ObjectRow } from "./repository";

/** Whether the client's cached copy (If-None-Match) is the current one. */
function isFresh(req: Request, etag: string) {
  const header = req.headers["if-none-match"];
  if (!header) return false;
  return header
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .some((t) => t === etag || t === "*");
}

/**
 * Answers an object: its detected type, never sniffed by the browser (nosniff), its ETag for 304s,
 * and Cache-Control: the upload's max-age where anyone may read it (public route), `private, no-store`
 * otherwise, so no shared cache keeps a document. `?download` (or `?download=name`) makes it an
 * attachment, as Supabase does.
 */
export function sendObject(
  req: Request,
  res: Response,
  row: ObjectRow,
  stream: Readable | undefined,
  { publicRead }: { publicRead: boolean },
) {
  res.setHeader("Content-Type", row.mimetype);
  res.setHeader("ETag", row.etag);
  res.setHeader("Last-Modified", new Date(row.updated_at).toUTCString());
  res.setHeader("Cache-Control", publicRead ? `max-age=${row.cache_control}` : "private, no-store");
  res.setHeader("X-Content-Type-Options", "nosniff");
  const download = req.query.download;
  if (typeof download === "string") {
    const name = download.trim() || (row.name.split("/").pop() as string);
    const safe = [...name].map((c) => (isControl(c) || c === "/" || c === "\\" ? "_" : c)).join("");
    // Not res.attachment(): it sets the type from the name's extension, so `?download=x.html` would serve
    // any stored object as a page of this site. The stored type stays; the name is only ever a parameter
    // (quoted, with an RFC 5987 filename* for what is not Latin-1).
    res.setHeader("Content-Disposition", contentDisposition(safe, { type: "attachment" }));
  }
  if (isFresh(req, row.etag)) {
    stream?.destroy();
    return res.status(304).end();
  }
  res.setHeader("Content-Length", String(row.size));
  if (req.method === "HEAD" || !stream) {
    stream?.destroy();
    return res.status(200).end();
  }
  res.status(200);
  stream.once("error", () => res.destroy());
  res.once("close", () => stream.destroy());
  stream.pipe(res);
}
