import { createHash } from "node:crypto";
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import express, { type RequestHandler } from "express";
import { ENCODING_SUFFIX, ENCODINGS, type Encoding, negotiateEncoding } from "./content-encoding";

interface Variant {
  path: string;
  size: number;
  etag: string;
}

interface PrecompressedFile {
  contentType: string;
  lastModified: string;
  variants: Partial<Record<Encoding, Variant>>;
}

/** The type express.static gives the original, so every variant of a file has one Content-Type. */
function contentTypeOf(name: string) {
  const { mime } = express.static;
  const type = mime.lookup(extname(name));
  const charset = mime.charsets.lookup(type, "");
  return charset ? `${type}; charset=${charset}` : type;
}

/** Every file under `dir` with a `.br` or `.gz` twin made by the build, keyed by its URL path. */
function indexPrecompressed(dir: string) {
  const files = new Map<string, PrecompressedFile>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = join(folder, entry.name);
      if (entry.isDirectory()) {
        // Vite's manifest lives in .vite; dotfiles are not served.
        if (!entry.name.startsWith(".")) walk(full);
        continue;
      }
      if (Object.values(ENCODING_SUFFIX).some((suffix) => entry.name.endsWith(suffix))) continue;
      const variants: PrecompressedFile["variants"] = {};
      for (const encoding of ENCODINGS) {
        const path = full + ENCODING_SUFFIX[encoding];
        if (!existsSync(path)) continue;
        const bytes = readFileSync(path);
        // Strong and per variant: a cache must never answer a br request with the gzip bytes' validator.
        const etag = `"${createHash("sha1").update(bytes).digest("base64url").slice(0, 27)}-${encoding}"`;
        variants[encoding] = { path, size: bytes.length, etag };
      }
      if (Object.keys(variants).length === 0) continue;
      files.set(`/${relative(dir, full).split(sep).join("/")}`, {
        contentType: contentTypeOf(entry.name),
        lastModified: statSync(full).mtime.toUTCString(),
        variants,
      });
    }
  };
  if (existsSync(dir)) walk(dir);
  return files;
}

/**
 * Serves the build's brotli and gzip files in place of the originals when the client accepts them; the
 * originals (and Range requests, which address the identity bytes) fall through to express.static. The
 * set of files is read once at start: the build's output does not change under a running server.
 */
export function precompressedStatic(dir: string, options: { cacheControl: string }): RequestHandler {
  const files = indexPrecompressed(dir);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = files.get(path);
    if (!file) return next();
    res.vary("Accept-Encoding");
    if (req.headers.range) return next();
    const encoding = negotiateEncoding(
      req.headers["accept-encoding"],
      ENCODINGS.filter((e) => file.variants[e]),
    );
    const variant = encoding ? file.variants[encoding] : undefined;
    if (!encoding || !variant) return next();

    res.setHeader("Content-Type", file.contentType);
    res.setHeader("Content-Encoding", encoding);
    res.setHeader("ETag", variant.etag);
    res.setHeader("Last-Modified", file.lastModified);
    res.setHeader("Cache-Control", options.cacheControl);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.setHeader("Content-Length", variant.size);
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    const stream = createReadStream(variant.path);
    stream.on("error", next);
    stream.pipe(res);
  };
}
