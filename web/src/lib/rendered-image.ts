import { STORAGE_IMAGE_MAX_SIDE } from "@app/contracts";

const PUBLIC_OBJECT = "/storage/v1/object/public/";
const PUBLIC_RENDER = "/storage/v1/render/image/public/";

/** What an `<img>` needs to load a picture at the size it is drawn: `src`, and `srcSet`/`sizes` when it can. */
export type ImageSources = { src: string; srcSet?: string; sizes?: string };

/**
 * The sources of an image drawn `sizes` wide (a CSS `sizes` value), at most `widths` pixels across. A
 * public storage object is fetched through the server's image transformation at each width (the browser
 * picks one for its screen and density, and gets WebP where it takes it), so a phone never downloads a
 * poster's full upload; any other address (the site's own images, another host's) is used as it is.
 */
export function renderedImage(src: string, widths: readonly number[], sizes: string): ImageSources {
  if (!src.startsWith(PUBLIC_OBJECT) || src.includes("?") || widths.length === 0) return { src };
  const path = src.slice(PUBLIC_OBJECT.length);
  const at = (width: number) => `${PUBLIC_RENDER}${path}?width=${width}`;
  const steps = [...new Set(widths.map((w) => Math.min(Math.round(w), STORAGE_IMAGE_MAX_SIDE)))].sort(
    (a, b) => a - b,
  );
  return {
    // Browsers without srcset support take the middle size, enough for a phone's screen.
    src: at(steps[Math.floor((steps.length - 1) / 2)] as number),
    srcSet: steps.map((w) => `${at(w)} ${w}w`).join(", "),
    sizes,
  };
}
