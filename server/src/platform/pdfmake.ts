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

// pdfmake is CommonJS and exports one configured instance.
const pdfmake = createRequire(import.meta.url)("pdfmake") as PdfMake;

let configured = false;
function configure() {
  if (configured) return;
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
  configured = true;
}

/** A pdfmake document definition as PDF bytes, in the shipped fonts (the family is FONT_FAMILY). */
export function renderPdf(definition: Record<string, unknown>): Promise<Buffer> {
  configure();
  return pdfmake.createPdf(definition).getBuffer();
}
