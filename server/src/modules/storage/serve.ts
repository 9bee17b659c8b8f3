import type { Readable } from "node:stream";
import contentDisposition from "content-disposition";
import type { Request, Response } from "express";
import { isControl } from "./object-key";
import type { ObjectRow } from "./repository";

/** Whether the client's cached copy (If-None-Match) is the current one. */
export function isFresh(req: Request, etag: string) {
  const header = req.headers["if-none-match"];
  if (!header) return false;
  return header
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .some((t) => t === etag || t === "*");
}

/**
 * Types a browser shows without running anything: images it decodes, audio, video, PDF and plain text.
 * Anything else (HTML, SVG, XML, scripts, types no one knows) could act as a page of this site, so it is
 * only ever an attachment.
 */
const INLINE_TYPES = new Set([
  "image/png",
  "image/jpeg",
  "image/webp",
  "image/avif",
  "image/gif",
  "application/pdf",
  "text/plain",
]);
const showsInline = (type: string) => INLINE_TYPES.has(type) || /^(?:audio|video)\/[\w.+-]+$/.test(type);

/**
 * Answers an object: its stored type, never sniffed by the browser (nosniff), under a CSP that gives the
 * document no scripts, plugins or origin should a browser render it anyway (PDFs keep the site's strict
 * one); its ETag for 304s; and Cache-Control: the upload's max-age where anyone may read it (public
 * route), `private, no-store` otherwise, so no shared cache keeps a document. `?download` (or
 * `?download=name`) makes it an attachment, as Supabase does, and so does a type a browser would run
 * (see INLINE_TYPES).
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
  // Not for PDFs: browsers' PDF viewers refuse to run in a sandboxed document.
  if (row.mimetype !== "application/pdf")
    res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
  const download = req.query.download;
  if (typeof download === "string" || !showsInline(row.mimetype)) {
    const name = (typeof download === "string" && download.trim()) || (row.name.split("/").pop() as string);
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
