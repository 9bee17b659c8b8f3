import type { ExternalToast } from "sonner";

/*
 * The one way to raise a toast. Sonner (and its Toaster, mounted by ToasterHost) downloads only when the
 * first toast is raised, so pages that never toast (the home page, a quiet back-office start) do not load
 * it; sonner replays toasts created before its Toaster subscribes, so none are lost. Nothing here imports
 * sonner or the API's error wording statically, so the always-loaded ToasterHost and query client can use
 * it without growing the entry chunk. Use this module, not `sonner` directly: a direct call would not
 * mount the Toaster.
 */

let isToasterRequested = false;
const listeners = new Set<() => void>();

function requestToaster() {
  if (isToasterRequested) return;
  isToasterRequested = true;
  for (const listener of listeners) listener();
}

/** For ToasterHost: whether any code has asked for a toast yet, and word when one first does. */
export function subscribeToToasterRequest(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getIsToasterRequested() {
  return isToasterRequested;
}

let sonner: Promise<typeof import("sonner")> | undefined;
const loadSonner = () => {
  sonner ??= import("sonner");
  return sonner;
};

function show(kind: "success" | "error" | "message", title: string, options?: ExternalToast) {
  requestToaster();
  void loadSonner().then(({ toast }) => {
    if (kind === "message") toast(title, options);
    else toast[kind](title, options);
  });
}

export const toast = {
  success: (title: string, options?: ExternalToast) => show("success", title, options),
  error: (title: string, options?: ExternalToast) => show("error", title, options),
  message: (title: string, options?: ExternalToast) => show("message", title, options),
  /** A refused or failed request: the title, with the API's answer in a person's words below it. */
  apiError: (title: string, error: unknown) => {
    requestToaster();
    void import("@/lib/api-errors").then(({ describeApiError }) =>
      // The id folds repeats (a list and its page both failing) into one toast.
      show("error", title, { id: title, description: describeApiError(error) }),
    );
  },
};
