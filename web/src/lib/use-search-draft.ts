import { useCallback, useEffect, useRef, useState } from "react";

/** Typing pauses this long before a list is asked again. */
export const SEARCH_DELAY_MS = 250;

/**
 * A search box's text, committed (`onCommit`) once typing pauses, so a server-side search is not
 * asked once per keystroke. `flush` commits at once and cancels the pending commit: call it when the
 * box loses focus, so no commit lands after the person has moved on (say, clicked a link elsewhere).
 */
export function useSearchDraft(committed: string, onCommit: (text: string) => void) {
  const [draft, setDraft] = useState(committed);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (draft === committed) return;
    timer.current = setTimeout(() => onCommit(draft), SEARCH_DELAY_MS);
    return () => clearTimeout(timer.current);
  }, [draft, committed, onCommit]);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    if (draft !== committed) onCommit(draft);
  }, [draft, committed, onCommit]);

  return [draft, setDraft, flush] as const;
}
