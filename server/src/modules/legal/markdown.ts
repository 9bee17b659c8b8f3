import MarkdownIt from "markdown-it";
import type Token from "markdown-it/lib/token.mjs";

/**
 * A document's markdown, parsed once: the HTML, the PDF and the DOCX are all built from the same token
 * stream, so they cannot disagree. Raw HTML never passes (`html: false` escapes it), and links and images
 * are off: a contract refers to nothing outside itself, and no renderer fetches anything.
 */
const md = new MarkdownIt("default", { html: false, linkify: false, typographer: false }).disable([
  "link",
  "autolink",
  "image",
]);

/** The text of the heading nearest before token `idx`, or undefined when none comes before it. */
function headingBefore(tokens: Token[], idx: number): string | undefined {
  for (let i = idx - 1; i >= 0; i--) {
    if (tokens[i]?.type === "heading_open") return tokens[i + 1]?.content;
  }
  return undefined;
}

/**
 * A table is as wide as its columns need, wider than a phone: each one sits in a region of its own that
 * scrolls sideways (named after the heading above it, and focusable so a keyboard can scroll it), so
 * the page around it never has to clip it.
 */
md.renderer.rules.table_open = (tokens, idx, options, _env, self) => {
  const heading = headingBefore(tokens, idx);
  const label = md.utils.escapeHtml(heading ? `Table: ${heading}` : "Table");
  return `<div class="table-scroll" role="region" aria-label="${label}" tabindex="0">${self.renderToken(tokens, idx, options)}`;
};
md.renderer.rules.table_close = (tokens, idx, options, _env, self) =>
  `${self.renderToken(tokens, idx, options)}</div>\n`;

export interface Inline {
  text: string;
  bold?: boolean;
  italic?: boolean;
  strike?: boolean;
  code?: boolean;
  /** A hard line break before the text. */
  lineBreak?: boolean;
}

export type Block =
  | { type: "heading"; level: number; inlines: Inline[] }
  | { type: "paragraph"; inlines: Inline[] }
  | { type: "list"; ordered: boolean; start: number; items: Block[][] }
  | { type: "table"; header: Inline[][]; rows: Inline[][][] }
  | { type: "quote"; blocks: Block[] }
  | { type: "code"; text: string }
  | { type: "rule" };

export interface ParsedDocument {
  tokens: Token[];
  blocks: Block[];
}

export function parseMarkdown(source: string): ParsedDocument {
  const tokens = md.parse(source, {});
  return { tokens, blocks: toBlocks(tokens) };
}

/** The sanitised HTML of parsed markdown (markdown-it escapes every text and attribute it writes). */
export function toHtml(doc: ParsedDocument): string {
  return md.renderer.render(doc.tokens, md.options, {});
}

function inlinesOf(token: Token | undefined): Inline[] {
  const out: Inline[] = [];
  let bold = 0;
  let italic = 0;
  let strike = 0;
  let lineBreak = false;
  for (const child of token?.children ?? []) {
    switch (child.type) {
      case "strong_open":
        bold++;
        break;
      case "strong_close":
        bold--;
        break;
      case "em_open":
        italic++;
        break;
      case "em_close":
        italic--;
        break;
      case "s_open":
        strike++;
        break;
      case "s_close":
        strike--;
        break;
      case "softbreak":
        out.push({ text: " " });
        break;
      case "hardbreak":
        lineBreak = true;
        break;
      case "text":
      case "code_inline":
        if (child.content === "") break;
        out.push({
          text: child.content,
          ...(bold > 0 && { bold: true }),
          ...(italic > 0 && { italic: true }),
          ...(strike > 0 && { strike: true }),
          ...(child.type === "code_inline" && { code: true }),
          ...(lineBreak && { lineBreak: true }),
        });
        lineBreak = false;
        break;
    }
  }
  return out;
}

/** The blocks between an `_open` token and its `_close`, read recursively; answers the index after it. */
function readBlocks(tokens: Token[], start: number, closeType?: string): [Block[], number] {
  const blocks: Block[] = [];
  let i = start;
  while (i < tokens.length) {
    const token = tokens[i] as Token;
    if (closeType && token.type === closeType) return [blocks, i + 1];
    switch (token.type) {
      case "heading_open":
        blocks.push({
          type: "heading",
          level: Number(token.tag.slice(1)),
          inlines: inlinesOf(tokens[i + 1]),
        });
        i += 3;
        continue;
      case "paragraph_open":
        blocks.push({ type: "paragraph", inlines: inlinesOf(tokens[i + 1]) });
        i += 3;
        continue;
      case "bullet_list_open":
      case "ordered_list_open": {
        const ordered = token.type === "ordered_list_open";
        const close = ordered ? "ordered_list_close" : "bullet_list_close";
        const items: Block[][] = [];
        i += 1;
        while (i < tokens.length && (tokens[i] as Token).type !== close) {
          const [item, next] = readBlocks(tokens, i + 1, "list_item_close");
          items.push(item);
          i = next;
        }
        blocks.push({ type: "list", ordered, start: Number(token.attrGet("start") ?? 1), items });
        i += 1;
        continue;
      }
      case "blockquote_open": {
        const [inner, next] = readBlocks(tokens, i + 1, "blockquote_close");
        blocks.push({ type: "quote", blocks: inner });
        i = next;
        continue;
      }
      case "table_open": {
        const header: Inline[][] = [];
        const rows: Inline[][][] = [];
        let row: Inline[][] = [];
        let inHead = false;
        i += 1;
        for (; i < tokens.length && (tokens[i] as Token).type !== "table_close"; i++) {
          const t = tokens[i] as Token;
          if (t.type === "thead_open") inHead = true;
          if (t.type === "thead_close") inHead = false;
          if (t.type === "tr_open") row = [];
          if (t.type === "th_open" || t.type === "td_open") row.push(inlinesOf(tokens[i + 1]));
          if (t.type === "tr_close" && inHead) header.push(...row);
          else if (t.type === "tr_close") rows.push(row);
        }
        blocks.push({ type: "table", header, rows });
        i += 1;
        continue;
      }
      case "fence":
      case "code_block":
        blocks.push({ type: "code", text: token.content.replace(/\n$/, "") });
        break;
      case "hr":
        blocks.push({ type: "rule" });
        break;
    }
    i += 1;
  }
  return [blocks, i];
}

function toBlocks(tokens: Token[]): Block[] {
  return readBlocks(tokens, 0)[0];
}
