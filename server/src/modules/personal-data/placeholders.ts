import { randomBytes } from "node:crypto";

/** What stands where a person's name was. */
export const ERASED_NAME = "Erased on request";

/**
 * An address that can never be delivered (`.invalid` is reserved for exactly that) and is different for
 * every row it replaces, so erased rows cannot be linked back together by it.
 */
export const placeholderAddress = () => `erased-${randomBytes(6).toString("hex")}@erased.invalid`;

/** Full names worth looking for in free text: two words or more, so a lone first name never matches. */
export const searchableNames = (names: Iterable<string | null | undefined>) =>
  [...new Set([...names].map((n) => (n ?? "").trim().replace(/\s+/g, " ")))].filter(
    (n) => n.length >= 5 && n.includes(" ") && n !== ERASED_NAME,
  );
