import { useEffect, useState } from "react";

/** Typing pauses this long before a list is asked again. */
export const SEARCH_DELAY_MS = 250;

/**
 * A search box's text, committed (`onCommit`) once typing pauses, so a server-side search is not
 * asked once per keystroke.
 */
export function useSearchDraft(committed: string, onCommit: (text: string) => void) {
  const [draft, setDraft] = useState(committed);
  useEffect(() => {
    if (draft === committed) return;
    const timer = setTimeout(() => onCommit(draft), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, committed, onCommit]);
  return [draft, setDraft] as const;
}
