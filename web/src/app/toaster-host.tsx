import { lazy, Suspense, useSyncExternalStore } from "react";
import { getIsToasterRequested, subscribeToToasterRequest } from "@/lib/toast";

const Toaster = lazy(async () => ({ default: (await import("sonner")).Toaster }));

export function ToasterHost() {
  const isRequested = useSyncExternalStore(
    subscribeToToasterRequest,
    getIsToasterRequested,
    // The prerender has no toasts to show.
    () => false,
  );
  if (!isRequested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster theme="dark" richColors closeButton position="top-right" />
    </Suspense>
  );
}
