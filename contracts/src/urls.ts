import { z } from "zod";

/*
 * The one rule for every address the data API stores and the web app turns into a link or an image:
 * http and https only. A browser follows whatever scheme a stored value names, so `javascript:`,
 * `data:`, `vbscript:` and `file:` (in any case, behind whitespace or control characters the browser
 * strips, or spelled with entities or percent escapes) must never be stored. Rather than list the bad
 * schemes, a value must literally start with `http://` or `https://`: no spelling of another scheme can
 * pass that, and no leading junk either.
 */

export const ADDRESS_MAX_LENGTH = 2048;
export const WEB_ADDRESS_MESSAGE = "must be a web address starting with https:// or http://";
export const WEB_ADDRESS_OR_SITE_PATH_MESSAGE = "must be a web address or a path on this site";

/**
 * Characters no address we store needs, and that browsers strip or reinterpret when they follow one:
 * whitespace and control characters (a tab or newline inside `java\tscript:` is dropped, `/\t/host` becomes
 * `//host`) and the backslash (`/\host` is read as `//host`, another site).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what it refuses.
const UNSAFE_CHARACTER = /[\s\u0000-\u001f\u007f-\u009f\\]/;
/** The scheme and a host: at least one character before any path, query or fragment. */
const WEB_PREFIX = /^https?:\/\/[^/?#]/i;

/** An absolute http(s) address with a host, with nothing a browser would read differently from us. */
export function isWebAddress(value: string): boolean {
  return WEB_PREFIX.test(value) && !UNSAFE_CHARACTER.test(value);
}

/** A path on this site (`/images/x.svg`): one leading slash, never `//host` or `/\host` (another site). */
export function isSitePath(value: string): boolean {
  return /^\/(?![/\\])/.test(value) && !UNSAFE_CHARACTER.test(value);
}

const address = () => z.string().max(ADDRESS_MAX_LENGTH, `must be at most ${ADDRESS_MAX_LENGTH} characters`);

/** A link a reader follows: a web address only. */
export const webAddressSchema = address().refine(isWebAddress, WEB_ADDRESS_MESSAGE);

/** An image the site shows: a web address, or a path on this site (a bundled or uploaded picture). */
export const webAddressOrSitePathSchema = address().refine(
  (value) => isWebAddress(value) || isSitePath(value),
  WEB_ADDRESS_OR_SITE_PATH_MESSAGE,
);

/** A link with the name of where it leads (a streaming platform, a store). */
export const externalLinkSchema = z.object({
  platform: z.string().trim().min(1).max(50),
  url: webAddressSchema,
});
export type ExternalLink = z.infer<typeof externalLinkSchema>;
