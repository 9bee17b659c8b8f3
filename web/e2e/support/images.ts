import type { Locator } from "@playwright/test";

/**
 * The pixel width of the file an `<img>` shows (0 while it is blocked or broken). Not the element's
 * naturalWidth: with a `srcset` width descriptor the browser scales that by the density it picked, so a
 * 20-pixel poster chosen as the "256w" candidate reports 17. The file is decoded again on its own instead.
 */
export const decodedWidth = (image: Locator) =>
  image.evaluate(async (img: HTMLImageElement) => {
    if (!img.complete || !img.currentSrc) return 0;
    const probe = new Image();
    probe.src = img.currentSrc;
    try {
      await probe.decode();
      return probe.naturalWidth;
    } catch {
      return 0;
    }
  });
