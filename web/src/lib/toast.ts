import { toast as sonnerToast } from "sonner";
import { requestToaster } from "@/lib/toaster-store";

/*
 * The Toaster is mounted only once the first toast is requested, so pages that never toast (the home page)
 * do not download it. Sonner replays toasts created before its Toaster subscribes, so none are lost.
 * Use this module, not `sonner` directly: a direct call would not mount the Toaster.
 */
type ToastOptions = Parameters<typeof sonnerToast.success>[1];

export const toast = {
  success(title: string, options?: ToastOptions) {
    requestToaster();
    return sonnerToast.success(title, options);
  },
  error(title: string, options?: ToastOptions) {
    requestToaster();
    return sonnerToast.error(title, options);
  },
  message(title: string, options?: ToastOptions) {
    requestToaster();
    return sonnerToast(title, options);
  },
};
