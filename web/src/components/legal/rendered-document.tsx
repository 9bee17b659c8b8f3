import { cn } from "@/lib/utils";

type RenderedDocumentProps = { html: string; label: string; className?: string };

/**
 * A legal document's HTML as the server rendered it, shown read-only and whole: no fixed height, so
 * nothing a signer signs is ever clipped. The server builds it from markdown with raw HTML off, no links
 * or images, and every typed value escaped, so it holds only headings, paragraphs, lists, emphasis and
 * tables; each table comes inside a labelled, focusable region that scrolls sideways when the table is
 * wider than the screen. Shared by the back office and the public signing page.
 */
export function RenderedDocument({ html, label, className }: RenderedDocumentProps) {
  return (
    <article
      aria-label={label}
      className={cn(
        "min-w-0 rounded-lg border bg-white p-4 text-sm leading-relaxed text-neutral-900 sm:p-6",
        "[&_h1]:mb-4 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:mt-6 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold",
        "[&_p]:my-2 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6",
        "[&_.table-scroll]:my-3 [&_.table-scroll]:max-w-full [&_.table-scroll]:overflow-x-auto [&_.table-scroll]:rounded-sm",
        "[&_.table-scroll:focus-visible]:outline-2 [&_.table-scroll:focus-visible]:outline-offset-2 [&_.table-scroll:focus-visible]:outline-neutral-900",
        // A column is as wide as its longest word: a value such as an IPI number never breaks in two (the
        // back office breaks other long words anywhere), and a table wider than its box scrolls instead.
        "[&_table]:wrap-break-word",
        // Tables set a step smaller and tighter than the prose, so a split sheet's eight columns fit a card.
        // A right-aligned column holds figures ("50.00 %"): kept on one line.
        "[&_td[style*='right']]:whitespace-nowrap",
        "[&_table]:border-collapse [&_table]:text-xs [&_td]:border [&_td]:px-1.5 [&_td]:py-1 [&_th]:border [&_th]:px-1.5 [&_th]:py-1 [&_th]:text-left",
        className,
      )}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised rendering (see above).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
