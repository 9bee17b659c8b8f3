import { createHash } from "node:crypto";
import { type Block, parseMarkdown, toHtml } from "./markdown";
import { buildPdf } from "./pdf";

export const sha256Hex = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

export interface RenderedFiles {
  html: string;
  pdf: Buffer;
  docx: Buffer;
  pdfSha256: string;
}

/** One document's markdown as sanitised HTML, a PDF and a DOCX, all three from one parse. */
export async function renderFiles(args: {
  title: string;
  markdown: string;
  at: string;
}): Promise<RenderedFiles> {
  const parsed = parseMarkdown(args.markdown);
  const [pdf, docx] = await Promise.all([
    buildPdf(parsed.blocks, { title: args.title, createdAt: new Date(args.at) }),
    // Word's writer is loaded with the first document: it is the largest library of the server's, and a
    // start that compiled it before the first answer would wait for a file most starts never write.
    import("./docx").then(({ buildDocx }) => buildDocx(parsed.blocks, { title: args.title })),
  ]);
  return { html: toHtml(parsed), pdf, docx, pdfSha256: sha256Hex(pdf) };
}

/** The signed PDF: the document as sent, then its audit certificate on pages of its own. */
export async function renderSignedPdf(args: {
  title: string;
  markdown: string;
  certificate: Block[];
  at: string;
}): Promise<{ pdf: Buffer; sha256: string }> {
  const parsed = parseMarkdown(args.markdown);
  const pdf = await buildPdf(parsed.blocks, {
    title: args.title,
    appendix: args.certificate,
    createdAt: new Date(args.at),
  });
  return { pdf, sha256: sha256Hex(pdf) };
}
