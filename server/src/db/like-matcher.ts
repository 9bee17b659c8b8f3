/**
 * PostgreSQL's LIKE, matched without backtracking: `%` any run of characters, `_` exactly one character
 * (a code point), a backslash takes the next character literally, and ILIKE folds case per character
 * across all of Unicode (so "åsa" finds "Åsa"). A regular expression would backtrack on patterns such as
 * `%_%_%_%_%_%QQ` and hold the event loop for minutes on a long value; here the pattern is split at its
 * `%` runs into pieces of fixed length, and each piece is placed at its leftmost fit after the previous
 * one. That greedy placement is exact for such pieces, and each search is a native substring search.
 */

/** A run of literal text, or a number of `_` (single characters). */
type Part = string | number;
/** The text between two `%` runs: fixed length in characters. */
type Piece = Part[];

interface LikePattern {
  /** No `%` at all: the value must be exactly the one piece. */
  anchoredBoth: boolean;
  startsAnchored: boolean;
  endsAnchored: boolean;
  pieces: Piece[];
}

/** One code point's lower case as one code point of the same UTF-16 length, as libc's towlower maps. */
function foldChar(ch: string): string {
  const lower = ch.toLowerCase();
  if (lower === ch) return ch;
  const first = String.fromCodePoint(lower.codePointAt(0) as number);
  return first.length === ch.length ? first : ch;
}

/** Folds per code point, keeping every character's UTF-16 length, so positions stay comparable. */
function foldCase(text: string): string {
  // Fast path: most text folds as a whole without changing any character's length.
  const whole = text.toLowerCase();
  if (whole.length === text.length && !/[\u0130\u03a3]/.test(text)) return whole;
  let out = "";
  for (const ch of text) out += foldChar(ch);
  return out;
}

export class LikePatternError extends Error {}

/** A pattern in its pieces; throws LikePatternError where PostgreSQL refuses the pattern. */
export function compileLike(pattern: string, caseInsensitive: boolean): LikePattern {
  const pieces: Piece[] = [[]];
  let literal = "";
  const piece = () => pieces[pieces.length - 1] as Piece;
  const flush = () => {
    if (literal !== "") piece().push(caseInsensitive ? foldCase(literal) : literal);
    literal = "";
  };
  const chars = [...pattern];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] as string;
    if (ch === "\\") {
      if (i + 1 >= chars.length)
        throw new LikePatternError("LIKE pattern must not end with escape character");
      literal += chars[++i];
    } else if (ch === "%") {
      flush();
      if (piece().length > 0 || pieces.length === 1) pieces.push([]);
    } else if (ch === "_") {
      flush();
      const p = piece();
      const last = p[p.length - 1];
      if (typeof last === "number") p[p.length - 1] = last + 1;
      else p.push(1);
    } else literal += ch;
  }
  flush();
  const hasPercent = pieces.length > 1;
  const startsAnchored = !pattern.startsWith("%");
  const endsAnchored = hasPercent && piece().length > 0;
  return {
    anchoredBoth: !hasPercent,
    startsAnchored,
    endsAnchored,
    pieces: pieces.filter((p, i) => p.length > 0 || i === 0),
  };
}

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** The position after one character at `pos`, or -1 at the end. */
function stepForward(value: string, pos: number): number {
  if (pos >= value.length) return -1;
  return isHigh(value.charCodeAt(pos)) && isLow(value.charCodeAt(pos + 1)) ? pos + 2 : pos + 1;
}

/** The position before one character ending at `pos`, or -1 at the start. */
function stepBack(value: string, pos: number): number {
  if (pos <= 0) return -1;
  return isLow(value.charCodeAt(pos - 1)) && isHigh(value.charCodeAt(pos - 2)) ? pos - 2 : pos - 1;
}

/** Where the piece ends when it starts at `pos`, or -1 when it does not fit there. */
function fitAt(value: string, pos: number, piece: Piece, from = 0): number {
  let p = pos;
  for (let i = from; i < piece.length; i++) {
    const part = piece[i] as Part;
    if (typeof part === "string") {
      if (!value.startsWith(part, p)) return -1;
      p += part.length;
    } else {
      for (let n = 0; n < part; n++) {
        p = stepForward(value, p);
        if (p < 0) return -1;
      }
    }
  }
  return p;
}

/** Where the piece starts when it ends at `end`, or -1 when it does not fit there. */
function fitEndingAt(value: string, end: number, piece: Piece): number {
  let p = end;
  for (let i = piece.length - 1; i >= 0; i--) {
    const part = piece[i] as Part;
    if (typeof part === "string") {
      if (p - part.length < 0 || !value.startsWith(part, p - part.length)) return -1;
      p -= part.length;
    } else {
      for (let n = 0; n < part; n++) {
        p = stepBack(value, p);
        if (p < 0) return -1;
      }
    }
  }
  return p;
}

/**
 * The end of the piece's leftmost fit starting at or after `from` and ending by `limit`, or -1. A piece
 * that opens with `_`s is looked for by its first literal text (a native search), then checked around it.
 */
function leftmostFit(value: string, from: number, limit: number, piece: Piece): number {
  const lead = typeof piece[0] === "number" ? piece[0] : 0;
  const literal = piece[lead > 0 ? 1 : 0];
  if (typeof literal !== "string") {
    // Only `_`s: the first `lead` characters after `from`.
    const end = fitAt(value, from, piece);
    return end >= 0 && end <= limit ? end : -1;
  }
  let search = from;
  for (;;) {
    const at = value.indexOf(literal, search);
    if (at < 0 || at + literal.length > limit) return -1;
    let start = at;
    for (let n = 0; n < lead && start >= 0; n++) start = stepBack(value, start);
    if (start >= from) {
      const end = fitAt(value, at + literal.length, piece, lead > 0 ? 2 : 1);
      if (end >= 0 && end <= limit) return end;
    }
    search = at + 1;
  }
}

function matches(compiled: LikePattern, value: string): boolean {
  const { pieces } = compiled;
  if (compiled.anchoredBoth) return fitAt(value, 0, pieces[0] as Piece) === value.length;
  let pos = 0;
  let first = 0;
  let last = pieces.length;
  if (compiled.startsAnchored) {
    pos = fitAt(value, 0, pieces[0] as Piece);
    if (pos < 0) return false;
    first = 1;
  } else if ((pieces[0] as Piece).length === 0) first = 1;
  let limit = value.length;
  if (compiled.endsAnchored && last > first) {
    limit = fitEndingAt(value, value.length, pieces[last - 1] as Piece);
    if (limit < pos) return false;
    last -= 1;
  }
  for (let i = first; i < last; i++) {
    pos = leftmostFit(value, pos, limit, pieces[i] as Piece);
    if (pos < 0) return false;
  }
  return true;
}

const compiledPatterns = new Map<string, LikePattern>();

/** Does the value match the LIKE (or ILIKE) pattern, as PostgreSQL would answer? */
export function matchesLike(pattern: string, value: string, caseInsensitive: boolean): boolean {
  const key = `${caseInsensitive ? "i" : "s"}${pattern}`;
  let compiled = compiledPatterns.get(key);
  if (!compiled) {
    compiled = compileLike(pattern, caseInsensitive);
    if (compiledPatterns.size >= 1000) compiledPatterns.clear();
    compiledPatterns.set(key, compiled);
  }
  return matches(compiled, caseInsensitive ? foldCase(value) : value);
}
