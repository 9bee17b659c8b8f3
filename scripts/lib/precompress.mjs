// Writes a brotli (.br) and a gzip (.gz) twin next to each text file of a build, once, at the highest
// settings: the server sends them as they are, so a visitor never waits for compression.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const TEXT_EXTENSIONS = new Set([
  ".js",
  ".mjs",
  ".css",
  ".html",
  ".svg",
  ".json",
  ".txt",
  ".xml",
  ".webmanifest",
]);
/** Smaller files fit in the first packets either way. */
const MIN_BYTES = 512;

function textFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith(".") ? [] : textFiles(full);
    return TEXT_EXTENSIONS.has(extname(entry.name)) && statSync(full).size >= MIN_BYTES ? [full] : [];
  });
}

/** Returns how many files it compressed; a twin that would not be smaller is not written. */
export function precompressDir(dir) {
  const files = textFiles(dir);
  for (const file of files) {
    const bytes = readFileSync(file);
    const br = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    const gzipped = gzipSync(bytes, { level: 9 });
    if (br.length < bytes.length) writeFileSync(`${file}.br`, br);
    if (gzipped.length < bytes.length) writeFileSync(`${file}.gz`, gzipped);
  }
  return files.length;
}
