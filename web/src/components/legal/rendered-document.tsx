import { cn } from "@/lib/utils";

type RenderedDocumentProps = { html: string; label: string; className?: string };

/**
 * A legal document's HTML as the server rendered it, shown read-only in a bounded frame. The server
 * builds it from markdown with raw HTML off, no links or images, and every typed value escaped, so it
 * holds only headings, paragraphs, lists, emphasis and tables. Shared by the back office and the public
 * signing page.
 */
export function RenderedDocument({ html, label, className }: RenderedDocumentProps) {
  return (
    <article
      aria-label={label}
      className={cn(
        "max-h-[70vh] overflow-y-auto rounded-lg border bg-white p-6 text-sm leading-relaxed text-neutral-900",
        "[&_h1]:mb-4 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:mt-6 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold",
        "[&_p]:my-2 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6",
        "[&_table]:my-3 [&_table]:border-collapse [&_td]:border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:px-2 [&_th]:py-1 [&_th]:text-left",
        className,
      )}
      // The region scrolls: it takes focus so keyboard users can scroll it too.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable.
      tabIndex={0}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised rendering (see above).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
