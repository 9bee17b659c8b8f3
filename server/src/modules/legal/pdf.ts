import { SITE_NAME } from "@app/contracts";
import { FONT_FAMILY } from "../../platform/fonts";
import { type PdfContent as Content, renderPdf } from "../../platform/pdfmake";
import type { Block, Inline } from "./markdown";

const HEADING_SIZES = [20, 16, 14, 12, 11, 11];

function text(inlines: Inline[]): Content[] {
  return inlines.flatMap((i) => {
    const run: Content = {
      text: i.text,
      ...(i.bold && { bold: true }),
      ...(i.italic && { italics: true }),
      ...(i.strike && { decoration: "lineThrough" as const }),
      ...(i.code && { background: "#eeeeee" }),
    };
    return i.lineBreak ? [{ text: "\n" }, run] : [run];
  });
}

function blockContent(block: Block): Content {
  switch (block.type) {
    case "heading":
      return {
        text: text(block.inlines),
        bold: true,
        fontSize: HEADING_SIZES[block.level - 1] ?? 11,
        margin: [0, block.level === 1 ? 0 : 10, 0, 6],
        headlineLevel: block.level,
      };
    case "paragraph":
      return { text: text(block.inlines), margin: [0, 0, 0, 8] };
    case "list": {
      const items = block.items.map((item) => ({ stack: item.map(blockContent) }));
      return block.ordered
        ? { ol: items, start: block.start, margin: [0, 0, 0, 8] }
        : { ul: items, margin: [0, 0, 0, 8] };
    }
    case "table": {
      const width = Math.max(block.header.length, ...block.rows.map((r) => r.length));
      const pad = (cells: Content[]) => [...cells, ...Array(width - cells.length).fill("")];
      const body = [
        ...(block.header.length ? [pad(block.header.map((c) => ({ text: text(c), bold: true })))] : []),
        ...block.rows.map((r) => pad(r.map((c) => ({ text: text(c) })))),
      ];
      return {
        table: { headerRows: block.header.length ? 1 : 0, widths: Array(width).fill("*"), body },
        fontSize: width > 5 ? 8 : 10,
        margin: [0, 0, 0, 10],
      };
    }
    case "quote":
      return { stack: block.blocks.map(blockContent), margin: [18, 0, 0, 8], italics: true };
    case "code":
      return { text: block.text, background: "#eeeeee", margin: [0, 0, 0, 8] };
    case "rule":
      return {
        canvas: [{ type: "line", x1: 0, y1: 4, x2: 515, y2: 4, lineWidth: 0.5 }],
        margin: [0, 4, 0, 10],
      };
  }
}

export interface PdfOptions {
  title: string;
  /** Pages appended after the document itself (the audit certificate), on a page of their own. */
  appendix?: Block[];
  /** The PDF's creation date: the time the document was rendered, so one render is reproducible. */
  createdAt: Date;
}

/** The blocks as an A4 PDF in the shipped serif, "Page n of m" in every footer. */
export async function buildPdf(blocks: Block[], options: PdfOptions): Promise<Buffer> {
  const content: Content[] = blocks.map(blockContent);
  if (options.appendix) {
    content.push({ stack: options.appendix.map(blockContent), pageBreak: "before" });
  }
  const definition = {
    pageSize: "A4",
    pageMargins: [40, 50, 40, 60],
    info: { title: options.title, creator: SITE_NAME, creationDate: options.createdAt },
    defaultStyle: { font: FONT_FAMILY, fontSize: 11, lineHeight: 1.25 },
    footer: (page: number, pages: number) => ({
      text: `Page ${page} of ${pages}`,
      alignment: "center",
      fontSize: 9,
      margin: [0, 20, 0, 0],
    }),
    content,
  };
  return renderPdf(definition);
}
