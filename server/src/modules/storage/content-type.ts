import { DETECTED_TYPES } from "./sniff";

/** `type/subtype` as RFC 9110 spells a media type's tokens. */
const ESSENCE = /^([a-z0-9!#$%&'*+.^_`|~-]+)\/([a-z0-9!#$%&'*+.^_`|~-]+)$/;

/** A Content-Type's type and subtype, lower-cased, without parameters; undefined when it is not one. */
export function mimeEssence(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const essence = (value.split(";")[0] ?? "").trim().toLowerCase();
  return ESSENCE.test(essence) && essence.length <= 255 ? essence : undefined;
}

/** Whether a bucket's list takes the type: by name or by family (`image/*`); an empty list takes any. */
export function typeAllowed(type: string, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return true;
  const family = `${type.split("/")[0]}/*`;
  return allowed.some((entry) => {
    const rule = entry.toLowerCase();
    return rule === type || rule === family;
  });
}

/** Types read as text: bytes claimed as one hold no NUL (a binary file is not text whatever it says). */
const isTextual = (type: string) =>
  type.startsWith("text/") || /\/(?:[\w.-]+\+)?(?:json|xml)$/.test(type) || type === "application/javascript";

/**
 * Whether the bytes agree with a claimed type. A type whose magic number the server knows needs it: the
 * detected type must be that very type. Any other claim holds only for bytes with no known magic number
 * (an HTML page sent as text/plain is text; a PNG sent as text/plain is a PNG).
 */
function consistent(claimed: string, detected: string | undefined, head: Buffer) {
  if (detected !== undefined) return claimed === detected;
  if (DETECTED_TYPES.includes(claimed)) return false;
  return !isTextual(claimed) || !head.includes(0);
}

/**
 * The type an upload is stored and served with: the client's own when the bucket takes it and the bytes
 * agree, otherwise the one the bytes show when the bucket takes that; undefined when neither fits.
 */
export function storedType(
  claimed: unknown,
  detected: string | undefined,
  head: Buffer,
  allowed: readonly string[],
): string | undefined {
  // No type at all is what HTTP calls bytes of unknown type.
  const essence = claimed === undefined ? "application/octet-stream" : mimeEssence(claimed);
  if (essence && typeAllowed(essence, allowed) && consistent(essence, detected, head)) return essence;
  if (detected && typeAllowed(detected, allowed)) return detected;
  return undefined;
}
