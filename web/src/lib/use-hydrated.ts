import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server and while React adopts the prerendered HTML, true from the render right after and
 * for every render that starts in the browser. For what only the browser knows (the address's query, the
 * runtime config): render it once this is true, so the first client render matches the server's markup.
 */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
