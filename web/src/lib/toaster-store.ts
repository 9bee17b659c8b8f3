/*
 * Whether any code has asked for a toast yet. Kept apart from `toast.ts` so the always-loaded
 * ToasterHost can watch it without pulling sonner into the entry chunk.
 */
let isToasterRequested = false;
const listeners = new Set<() => void>();

export function requestToaster() {
  if (isToasterRequested) return;
  isToasterRequested = true;
  for (const listener of listeners) listener();
}

export function subscribeToToasterRequest(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getIsToasterRequested() {
  return isToasterRequested;
}
