import JSZip from "jszip";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** The text of every page of a PDF, as pdf.js reads it (what a person could select and copy). */
export async function pdfText(bytes: Buffer): Promise<{ pages: number; text: string }> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    disableFontFace: true,
    isEvalSupported: false,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    // A line's end is a space: words wrapped onto the next line stay apart.
    const text = content.items
      .map((item) => ("str" in item ? item.str + (item.hasEOL ? " " : "") : ""))
      .join("");
    pages.push(text.replace(/\s+/g, " "));
  }
  await pdf.destroy();
  return { pages: pdf.numPages, text: pages.join("\n") };
}

/** word/document.xml of a DOCX (a zip), and its text with the markup taken out. */
export async function docxText(bytes: Buffer): Promise<{ xml: string; text: string; footer: string }> {
  const zip = await JSZip.loadAsync(bytes);
  const xml = await zip.file("word/document.xml")?.async("string");
  if (xml === undefined) throw new Error("no word/document.xml in the DOCX");
  const footers = await Promise.all(
    Object.keys(zip.files)
      .filter((name) => /^word\/footer\d*\.xml$/.test(name))
      .map((name) => zip.file(name)?.async("string") ?? ""),
  );
  const entities: Record<string, string> = { amp: "&", apos: "'", quot: '"', lt: "<", gt: ">" };
  const text = xml
    .replace(/<w:tab\/>/g, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/&(amp|apos|quot|lt|gt);/g, (_m, name: string) => entities[name] as string);
  return { xml, text, footer: footers.join("") };
}
