import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const FILES = {
  normal: "DejaVuSerif.ttf",
  bold: "DejaVuSerif-Bold.ttf",
  italics: "DejaVuSerif-Italic.ttf",
} as const;

/**
 * The folder of the fonts the repository ships (server/assets/fonts), found by walking up from this file:
 * the same from the source tree and from the bundle in server/dist.
 */
function findFontDir(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const candidate = join(dir, "assets", "fonts");
    if (existsSync(join(candidate, FILES.normal))) return candidate;
    if (dirname(dir) === dir)
      throw new Error("server/assets/fonts is missing: the PDF and Word documents need its fonts");
  }
}

let cached: Record<keyof typeof FILES, string> | undefined;

/** Absolute paths of the regular, bold and italic faces (bold italic uses bold). */
export function fontFiles() {
  if (!cached) {
    const dir = findFontDir();
    cached = {
      normal: join(dir, FILES.normal),
      bold: join(dir, FILES.bold),
      italics: join(dir, FILES.italics),
    };
  }
  return cached;
}

/** The family name both renderers use. */
export const FONT_FAMILY = "DejaVu Serif";
