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
