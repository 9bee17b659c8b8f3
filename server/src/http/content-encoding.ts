import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** The encodings we produce, in the order we prefer them when the client likes them equally. */
export const ENCODINGS = ["br", "gzip"] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** What file name ending holds a precompressed variant (`app.js.br`, `app.js.gz`). */
export const ENCODING_SUFFIX: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

function parseAcceptEncoding(header: string) {
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [rawName, ...params] = part.split(";");
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split("=").map((s) => s.trim());
      if (key?.toLowerCase() === "q") {
        const parsed = Number(value);
        // A malformed weight makes the whole entry unusable rather than silently preferred.
        q = Number.isFinite(parsed) && parsed >= 0 && parsed <= 1 ? parsed : 0;
      }
    }
    weights.set(name, q);
  }
  return weights;
}

/**
 * The best of `available` for this Accept-Encoding header, or null for identity: the highest q-value wins,
 * a tie goes to our order (br before gzip), and identity only when the client weighs it above both.
 * `x-gzip` counts as gzip; `*` covers what the header does not name; q=0 refuses.
 */
export function negotiateEncoding(
  header: string | undefined,
  available: readonly Encoding[] = ENCODINGS,
): Encoding | null {
  if (!header) return null;
  if (available !== ENCODINGS) return negotiate(header, available);
  // Browsers send a handful of distinct headers, and every JSON answer asks: each is worked out once.
  let known = negotiated.get(header);
  if (known === undefined) {
    known = negotiate(header, available);
    if (negotiated.size >= MAX_NEGOTIATED) negotiated.clear();
    negotiated.set(header, known);
  }
  return known;
}

const negotiated = new Map<string, Encoding | null>();
const MAX_NEGOTIATED = 100;

function negotiate(header: string, available: readonly Encoding[]): Encoding | null {
  const weights = parseAcceptEncoding(header);
  const weightOf = (name: string) => weights.get(name) ?? weights.get("*") ?? 0;
  // Unnamed identity weighs what the lowest named encoding does (as the `negotiator` package reads it), so
  // "gzip;q=0.2" still means "gzip, please" rather than "anything but".
  const identity = weights.get("identity") ?? weights.get("*") ?? Math.min(1, ...weights.values());
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const encoding of ENCODINGS) {
    if (!available.includes(encoding)) continue;
    const q =
      encoding === "gzip" ? Math.max(weightOf("gzip"), weights.get("x-gzip") ?? 0) : weightOf(encoding);
    if (q > bestQ) {
      best = encoding;
      bestQ = q;
    }
  }
  if (best === null || (identity > bestQ && identity > 0)) return null;
  return best;
}

/** One body in each encoding we send; for answers made once (the SPA's HTML). */
export interface EncodedBody {
  readonly identity: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
}

/**
 * Each encoding is compressed on its first use and kept: the server renders every page's HTML at start,
 * and compressing all of them there (Brotli at its best quality) was most of the start's time, before
 * the first answer; a page compresses once, when its first visitor asks.
 */
export function encodeOnce(body: string | Buffer): EncodedBody {
  const identity = typeof body === "string" ? Buffer.from(body) : body;
  let br: Buffer | undefined;
  let gzip: Buffer | undefined;
  return {
    identity,
    get br() {
      br ??= brotliCompressSync(identity, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      });
      return br;
    },
    get gzip() {
      gzip ??= gzipSync(identity, { level: 9 });
      return gzip;
    },
  };
}
