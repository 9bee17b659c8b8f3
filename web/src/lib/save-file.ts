import { apiHeaders } from "@/lib/api-client";

/**
 * Hands bytes the app fetched to the browser as a saved file (a link's `download`), so a file that needs
 * the staff token is never a URL with a token in it.
 */
export function saveFile(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/**
 * Fetches a file only staff may read, with the staff token in the request (a plain link would carry
 * none and save the refusal), and saves it under the name the server gives, else `fallbackName`.
 */
export async function downloadWithToken(url: string, fallbackName: string) {
  const response = await fetch(url, { headers: await apiHeaders() });
  if (!response.ok) {
    throw { status: response.status, body: await response.json().catch(() => null) };
  }
  saveFile(await response.blob(), attachmentName(response.headers, fallbackName));
}

/** The file name a response's `Content-Disposition` gives its attachment, else `fallbackName`. */
export function attachmentName(headers: Headers, fallbackName: string): string {
  const disposition = headers.get("content-disposition") ?? "";
  return /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
}
