import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router-dom";

/**
 * A screen's list state (search, filters, page) kept in the address, so a reload, a shared link or the
 * Back button returns to the same page of the same list. Values equal to their default stay out of it.
 */
export function useUrlState<K extends string>(defaults: Record<K, string>) {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => {
    const entries = Object.entries(defaults) as [K, string][];
    return Object.fromEntries(entries.map(([key, fallback]) => [key, params.get(key) ?? fallback])) as Record<
      K,
      string
    >;
  }, [params, defaults]);

  const update = useCallback(
    (changes: Partial<Record<K, string>>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes) as [K, string | undefined][]) {
            if (value === undefined || value === defaults[key]) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams, defaults],
  );

  return [values, update] as const;
}
