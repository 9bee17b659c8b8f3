import { useEffect } from "react";
import { SITE } from "@/config/site";

/** Each route sets its own title so screen-reader users hear where a navigation landed. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | ${SITE.name}`;
  }, [title]);
}
