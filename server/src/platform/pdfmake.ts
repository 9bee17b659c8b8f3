import { createRequire } from "node:module";
import { FONT_FAMILY, fontFiles } from "./fonts";

/**
 * The little of pdfmake used here, typed locally: @types/pdfmake pulls the DOM library into every file
 * of the server's compilation (and with it a Headers type Node's fetch does not have).
 */
export type PdfContent = string | { [key: string]: unknown };
interface PdfMake {
  setFonts(fonts: Record<string, Record<"normal" | "bold" | "italics" | "bolditalics", string>>): void;
  setUrlAccessPolicy(allow: (url: string) => boolean): void;
  setLocalAccessPolicy(allow: (path: string) => boolean): void;
  createPdf(definition: Record<string, unknown>): { getBuffer(): Promise<Buffer> };
}

let loaded: PdfMake | undefined;

/**
 * pdfmake is CommonJS and exports one configured instance. It is loaded on the first document, not at
 * start: with pdfkit and fontkit it is a large part of the modules a start would otherwise compile.
 */
function configured(): PdfMake {
  if (loaded) return loaded;
  const pdfmake = createRequire(import.meta.url)("pdfmake") as PdfMake;
  const files = fontFiles();
  pdfmake.setFonts({
    [FONT_FAMILY]: {
      normal: files.normal,
      bold: files.bold,
      italics: files.italics,
      bolditalics: files.bold,
    },
  });
  // Nothing a document prints is fetched: no URL at all, and on disk only the shipped fonts.
  const allowed = new Set(Object.values(files));
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => allowed.has(path));
  loaded = pdfmake;
  return pdfmake;
}

/** A pdfmake document definition as PDF bytes, in the shipped fonts (the family is FONT_FAMILY). */
export function renderPdf(definition: Record<string, unknown>): Promise<Buffer> {
  return configured().createPdf(definition).getBuffer();
}
