import type { StorageImageTransform } from "@app/contracts";
import sharp, { type Metadata } from "sharp";
import { AppError } from "../../http/app-error";

/** The server renders one image at a time per request; libvips' own operation cache would only hold memory. */
sharp.cache(false);

export interface ImageRenderLimits {
  /** The largest source, width × height, read from its header before anything is decoded. */
  maxPixels: number;
  maxBytes: number;
  timeoutSeconds: number;
}

/** What may be rendered, by stored type: raster images a browser shows. Never SVG, HTML or anything that runs. */
const SOURCE_FORMATS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpeg",
  "image/webp": "webp",
  "image/avif": "heif",
  "image/gif": "gif",
};
const OUTPUT_TYPES = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
} as const;
export type OutputFormat = keyof typeof OUTPUT_TYPES;

/** Supabase's resize modes in sharp's terms: cover crops, contain fits inside, fill stretches. */
const FIT = { cover: "cover", contain: "inside", fill: "fill" } as const;
const DEFAULT_QUALITY = 80;

export const isRenderableType = (mimetype: string) => Object.hasOwn(SOURCE_FORMATS, mimetype);

/**
 * The format of the result: the one asked for; without one, WebP for a client that accepts it (as
 * Supabase answers) and the source's own otherwise.
 */
export function outputFormat(
  asked: StorageImageTransform["format"],
  mimetype: string,
  accept: string | undefined,
) {
  if (asked === "webp" || asked === "avif") return asked;
  if (asked === undefined && /\bimage\/webp\b/i.test(accept ?? "")) return "webp";
  const source = SOURCE_FORMATS[mimetype];
  return (source === "heif" ? "avif" : source) as OutputFormat;
}

export const outputType = (format: OutputFormat) => OUTPUT_TYPES[format];

const tooLarge = (what: string) =>
  new AppError("ImageTooLarge", `The source image is larger than the server renders (${what})`);
const notRenderable = (why: string) =>
  new AppError("ImageNotRenderable", `The source image could not be rendered: ${why}`);

/** Refuses a source over the byte limit from its stored size, before any byte is read. */
export function assertSourceSize(size: number, limits: ImageRenderLimits) {
  if (size > limits.maxBytes) throw tooLarge(`${size} bytes, at most ${limits.maxBytes}`);
}

/**
 * Resizes and re-encodes an image. Its header is read first: a format other than the stored type's, or
 * more pixels than allowed, is refused without decoding anything; sharp's own pixel limit and timeout hold
 * the decode to the same bounds. Metadata (EXIF, GPS) is dropped, the EXIF orientation applied.
 */
export async function renderImage(
  source: Buffer,
  mimetype: string,
  transform: StorageImageTransform,
  format: OutputFormat,
  limits: ImageRenderLimits,
): Promise<Buffer> {
  let header: Metadata;
  try {
    // Only the header is read here, so no pixel limit yet: the count is checked below and reported.
    header = await sharp(source, { limitInputPixels: false }).metadata();
  } catch {
    throw notRenderable("the bytes are not an image");
  }
  if (header.format !== SOURCE_FORMATS[mimetype]) throw notRenderable(`the bytes are not ${mimetype}`);
  const pixels = (header.width ?? 0) * (header.height ?? 0);
  if (pixels > limits.maxPixels) throw tooLarge(`${pixels} pixels, at most ${limits.maxPixels}`);

  // Damage a browser shows past (a bad checksum) is tolerated as browsers do; a cut-off file is not.
  let image = sharp(source, { limitInputPixels: limits.maxPixels, failOn: "truncated", animated: false })
    .timeout({ seconds: limits.timeoutSeconds })
    .rotate();
  if (transform.width || transform.height)
    image = image.resize({
      width: transform.width,
      height: transform.height,
      fit: FIT[transform.resize ?? "cover"],
      withoutEnlargement: true,
    });
  const quality = transform.quality ?? DEFAULT_QUALITY;
  image = format === "png" || format === "gif" ? image.toFormat(format) : image.toFormat(format, { quality });
  try {
    return await image.toBuffer();
  } catch (err) {
    const message = (err as Error).message;
    if (/pixel limit/i.test(message)) throw tooLarge(`more than ${limits.maxPixels} pixels`);
    if (/timeout/i.test(message)) throw notRenderable(`it took longer than ${limits.timeoutSeconds} s`);
    throw notRenderable("the image data is damaged");
  }
}
