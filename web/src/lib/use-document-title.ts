import { type PublicPage, publicPageTitle } from "@app/contracts";
import { useEffect } from "react";
import { SITE } from "@/config/site";

/** Each route sets its own title so screen-reader users hear where a navigation landed. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | ${SITE.name}`;
  }, [title]);
}

function setAttribute(selector: string, attribute: string, value: string) {
  document.head.querySelector(selector)?.setAttribute(attribute, value);
}

/**
 * A public page's title, description, canonical link and preview tags. The server writes them into the
 * HTML of a direct visit; this keeps them true after navigating inside the app (crawlers that run
 * JavaScript read the page as it is then).
 */
export function usePublicPageMeta(page: PublicPage) {
  useDocumentTitle(page.title);
  useEffect(() => {
    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    const url = canonical ? new URL(page.path, canonical.href).href : null;
    setAttribute('meta[name="description"]', "content", page.description);
    setAttribute('meta[property="og:title"]', "content", publicPageTitle(page));
    setAttribute('meta[property="og:description"]', "content", page.description);
    if (url) {
      canonical?.setAttribute("href", url);
      setAttribute('meta[property="og:url"]', "content", url);
    }
  }, [page]);
}
