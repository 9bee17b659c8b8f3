import { RE2JS } from "re2js";

/**
 * The `match`/`imatch` filters' regular expressions, answered alike on both engines. A request's pattern
 * is untrusted: JavaScript's RegExp backtracks (`(a+)+$` holds the event loop for minutes), so SQLite
 * matches with RE2JS, which runs in time linear in the value. Both engines accept only what RE2 accepts
 * and means the same in PostgreSQL's regular expressions, so a pattern is refused or answered alike:
 * no backreferences or lookaround (RE2 has none), no `\b`/`\B` (a word boundary in RE2, a backspace and
 * a backslash in PostgreSQL), and repetition counts within PostgreSQL's 255. `.` matches a newline, as
 * PostgreSQL's does by default.
 */

/** Longer patterns only cost more to compile; a filter never needs one. */
const MAX_REGEX_LENGTH = 512;
/** PostgreSQL's largest repetition count (its regex library's DUPMAX). */
const MAX_REPEAT = 255;

export class RegexPatternError extends Error {}

/** Escapes whose meaning differs between PostgreSQL and RE2. */
const AMBIGUOUS_ESCAPE = /\\[bB]/;
const REPEAT_COUNT = /\{(\d+)(?:,(\d*))?\}/g;

/** Refuses a pattern either engine would read otherwise than the other (throws RegexPatternError). */
export function checkRegex(pattern: string): void {
  if (pattern.length > MAX_REGEX_LENGTH) {
    throw new RegexPatternError(`invalid regular expression: longer than ${MAX_REGEX_LENGTH} characters`);
  }
  // An escaped backslash is not an escape of what follows it.
  const unescaped = pattern.replaceAll("\\\\", "");
  if (AMBIGUOUS_ESCAPE.test(unescaped)) {
    throw new RegexPatternError("invalid regular expression: \\b and \\B are not supported");
  }
  for (const [, low, high] of unescaped.matchAll(REPEAT_COUNT)) {
    if (Number(low) > MAX_REPEAT || (high !== undefined && high !== "" && Number(high) > MAX_REPEAT)) {
      throw new RegexPatternError("invalid regular expression: invalid repetition count(s)");
    }
  }
  compiled(pattern, false);
}

const cache = new Map<string, RE2JS>();

function compiled(pattern: string, caseInsensitive: boolean): RE2JS {
  const key = `${caseInsensitive ? "i" : "s"}${pattern}`;
  let re = cache.get(key);
  if (!re) {
    try {
      re = RE2JS.compile(pattern, RE2JS.DOTALL | (caseInsensitive ? RE2JS.CASE_INSENSITIVE : 0));
    } catch (err) {
      throw new RegexPatternError(`invalid regular expression: ${(err as Error).message}`);
    }
    if (cache.size >= 1000) cache.clear();
    cache.set(key, re);
  }
  return re;
}

/** Does the regular expression match anywhere in the value, as PostgreSQL's `~` (or `~*`) answers? */
export function matchesRegex(pattern: string, value: string, caseInsensitive: boolean): boolean {
  return compiled(pattern, caseInsensitive).test(value);
}
