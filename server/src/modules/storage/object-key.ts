import { AppError } from "../../http/app-error";

const MAX_KEY_BYTES = 1024;
const MAX_SEGMENT_BYTES = 255;
/** C0 controls, DEL and C1 controls: never part of a file name, and unsafe in headers and logs. */
export const isControl = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
};

function invalid(message: string): AppError {
  return new AppError("InvalidKey", `Invalid key: ${message}`);
}

/**
 * An object's key from the raw (still percent-encoded) request path: each segment decoded exactly once.
 * Segments that mean something to a file system or a URL resolver (`.`, `..`, empty), a backslash, a
 * control character, and a `%` left after decoding (a doubly encoded `%252e%252e` that a later decode
 * would turn into `..`) are refused, so a key names one place and only that place.
 */
export function objectKeyFromRawPath(raw: string): string {
  if (raw.length === 0) throw invalid("the object path is empty");
  const segments = raw.split("/").map((segment) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      throw invalid("the path is not valid percent-encoding");
    }
    checkSegment(decoded);
    return decoded;
  });
  return checkedKey(segments.join("/"));
}

/** A key given in a JSON body (move, copy, sign, remove): the same rules, without percent-decoding. */
export function objectKeyFromBody(key: unknown, field = "key"): string {
  if (typeof key !== "string" || key.length === 0) throw invalid(`${field} must be a non-empty string`);
  for (const segment of key.split("/")) checkSegment(segment);
  return checkedKey(key);
}

function checkSegment(segment: string) {
  if (segment === "") throw invalid("the path has an empty segment");
  if (segment === "." || segment === "..") throw invalid("the path has a '.' or '..' segment");
  if (segment.includes("/")) throw invalid("a segment holds an encoded '/'");
  if (segment.includes("\\")) throw invalid("the path holds a backslash");
  if (segment.includes("%")) throw invalid("the path holds '%' after decoding (double encoding)");
  // A URL would end the path there: the key could not be written back into a link.
  if (/[?#]/.test(segment)) throw invalid("the path holds '?' or '#'");
  if ([...segment].some(isControl)) throw invalid("the path holds a control character");
  if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) throw invalid("a segment is too long");
}

function checkedKey(key: string): string {
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) throw invalid("the path is too long");
  return key;
}

/** A list prefix: a folder path, possibly empty or ending in `/`; otherwise the same rules as a key. */
export function listPrefix(prefix: unknown): string {
  if (prefix === undefined || prefix === null || prefix === "") return "";
  if (typeof prefix !== "string") throw invalid("prefix must be a string");
  const trimmed = prefix.replace(/\/+$/, "");
  if (trimmed === "") return "";
  return `${objectKeyFromBody(trimmed, "prefix")}/`;
}
