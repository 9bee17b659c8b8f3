import type { ExternalToast } from "sonner";
import { requestToaster } from "@/lib/toaster-store";

/*
 * Sonner (and its Toaster, mounted by ToasterHost) downloads only when the first toast is raised, so
 * pages that never toast (the home page, a quiet back-office start) do not load it. Sonner replays toasts
 * created before its Toaster subscribes, so none are lost. Use this module, not `sonner` directly: a direct
 * call would not mount the Toaster.
 */
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
};
