import { apiHeaders } from "@/lib/api-client";
import { saveFile } from "@/lib/save-file";

/**
 * A rendered or signed file lives in the private documents bucket: it is fetched with the staff token
 * (`?download` names it) and handed to the browser as a saved file, so no token ever sits in a link.
 */
export async function downloadLegalFile(url: string, fallbackName: string) {
  const response = await fetch(`${url}?download`, { headers: await apiHeaders() });
  if (!response.ok) {
    throw { status: response.status, body: await response.json().catch(() => null) };
  }
  const disposition = response.headers.get("content-disposition") ?? "";
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  saveFile(await response.blob(), name);
}
