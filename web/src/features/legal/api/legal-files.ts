import { downloadWithToken } from "@/lib/save-file";

/**
 * A rendered or signed file lives in the private documents bucket: it is fetched with the staff token
 * (`?download` names it) and handed to the browser as a saved file, so no token ever sits in a link.
 */
export function downloadLegalFile(url: string, fallbackName: string) {
  return downloadWithToken(`${url}?download`, fallbackName);
}
