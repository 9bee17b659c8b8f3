import { SITE_NAME } from "@app/contracts";
import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  HeadingLevel,
  LevelFormat,
  Packer,
  PageBreak,
  PageNumber,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from "docx";
import { FONT_FAMILY } from "../../platform/fonts";
import type { Block, Inline } from "./markdown";

const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
];
const ORDERED = "ordered-list";

function runs(inlines: Inline[], bold = false): TextRun[] {
  return inlines.map(
    (i) =>
      new TextRun({
        text: i.text,
        bold: bold || i.bold,
        italics: i.italic,
        strike: i.strike,
        break: i.lineBreak ? 1 : undefined,
        ...(i.code && { shading: { type: ShadingType.CLEAR, fill: "EEEEEE", color: "auto" } }),
      }),
  );
}

/** Turns blocks into Word paragraphs and tables; each ordered list restarts its numbering. */
class DocxWriter {
  private listInstance = 0;

  blocks(blocks: Block[], depth = 0): (Paragraph | Table)[] {
    return blocks.flatMap((b) => this.block(b, depth));
  }

  private block(block: Block, depth: number): (Paragraph | Table)[] {
    switch (block.type) {
      case "heading":
        return [new Paragraph({ heading: HEADINGS[block.level - 1], children: runs(block.inlines) })];
      case "paragraph":
        return [new Paragraph({ children: runs(block.inlines), spacing: { after: 160 } })];
      case "list": {
        const instance = ++this.listInstance;
        return block.items.flatMap((item) =>
          item.flatMap((inner, k) => {
            if (inner.type !== "paragraph" || k > 0) return this.block(inner, depth + 1);
            return [
              new Paragraph({
                children: runs(inner.inlines),
                ...(block.ordered
                  ? { numbering: { reference: ORDERED, level: Math.min(depth, 8), instance } }
                  : { bullet: { level: Math.min(depth, 8) } }),
              }),
            ];
          }),
        );
      }
      case "table": {
        const width = Math.max(block.header.length, ...block.rows.map((r) => r.length));
        const row = (cells: Inline[][], isHeader: boolean) =>
          new TableRow({
            tableHeader: isHeader,
            children: Array.from(
              { length: width },
              (_, i) =>
                new TableCell({ children: [new Paragraph({ children: runs(cells[i] ?? [], isHeader) })] }),
            ),
          });
        return [
          new Table({
            width: { size: 100, type: WidthType.PERCENTAGE },
            rows: [
              ...(block.header.length ? [row(block.header, true)] : []),
              ...block.rows.map((r) => row(r, false)),
            ],
          }),
          new Paragraph({}),
        ];
      }
      case "quote":
        return this.blocks(block.blocks, depth);
      case "code":
        return block.text
          .split("\n")
          .map((line) => new Paragraph({ children: [new TextRun({ text: line, font: "Courier New" })] }));
      case "rule":
        return [
          new Paragraph({
            border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: "999999", space: 1 } },
          }),
        ];
    }
  }
}

export interface DocxOptions {
  title: string;
  appendix?: Block[];
}

/** The blocks as a Word document in the same serif, "Page n of m" in the footer. */
export async function buildDocx(blocks: Block[], options: DocxOptions): Promise<Buffer> {
  const writer = new DocxWriter();
  const children = writer.blocks(blocks);
  if (options.appendix) {
    children.push(new Paragraph({ children: [new PageBreak()] }), ...writer.blocks(options.appendix));
  }
  const doc = new Document({
    title: options.title,
    creator: SITE_NAME,
    styles: { default: { document: { run: { font: FONT_FAMILY, size: 22 } } } },
    numbering: {
      config: [
        {
          reference: ORDERED,
          levels: Array.from({ length: 9 }, (_, level) => ({
            level,
            format: LevelFormat.DECIMAL,
            text: `%${level + 1}.`,
            alignment: AlignmentType.START,
            style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
          })),
        },
      ],
    },
    sections: [
      {
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [
                  new TextRun({
                    children: ["Page ", PageNumber.CURRENT, " of ", PageNumber.TOTAL_PAGES],
                    size: 18,
                  }),
                ],
              }),
            ],
          }),
        },
        children,
      },
    ],
  });
  return Packer.toBuffer(doc);
}
