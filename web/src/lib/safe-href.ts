import { isSitePath, isWebAddress } from "@app/contracts";

/*
 * The API stores only http(s) addresses (and paths on this site for images), with the same rule as these
 * checks. They guard the rendering as well, for rows stored before that rule or written around the API (a
 * restored backup): a stored `javascript:` website is shown as text, never as a link that runs it.
 */

/** The address as a link target when it is a web address; undefined when it must not be followed. */
export function safeHref(address: string | null | undefined): string | undefined {
  return address && isWebAddress(address) ? address : undefined;
}

/** The address as an image source when it is a web address or a path on this site; undefined otherwise. */
export function safeImageSrc(address: string | null | undefined): string | undefined {
  return address && (isWebAddress(address) || isSitePath(address)) ? address : undefined;
}
