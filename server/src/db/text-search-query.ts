import { restError } from "../http/rest-error";
import { STOP_WORDS } from "./text-search-stop-words";

/**
 * The four ways PostgREST writes a text search query (`fts`, `plfts`, `phfts`, `wfts`, PostgreSQL's
 * to_tsquery, plainto_tsquery, phraseto_tsquery and websearch_to_tsquery), read into one tree of words
 * and operators that both engines then search with (PostgreSQL as one to_tsquery, SQLite through FTS5). `fts` takes only the part of
 * to_tsquery's syntax both engines read alike: plain words, `'quoted words'`, `:*` prefixes, `&`, `|`,
 * `!`, parentheses and `<->` between words; anything else is refused on both engines before any SQL.
 */

export type TextSearchConfig = "simple" | "english" | "swedish";

export type SearchNode =
  /** One word, or several in a row (a phrase); prefix: the last word may be the start of a longer one. */
  | { kind: "words"; words: string[]; prefix: boolean }
  | { kind: "and" | "or"; left: SearchNode; right: SearchNode }
  | { kind: "not"; operand: SearchNode };

/** A word as both engines' tokenizers see one: letters, digits and combining marks. */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const WORD_ONLY = /^[\p{L}\p{N}\p{M}]+$/u;
const MAX_QUERY_LENGTH = 1000;
const MAX_WORDS = 32;

const tsquerySyntax = (query: string, why: string) =>
  restError("42601", `syntax error in tsquery: "${query.slice(0, 100)}"`, { details: why });

const wordsOf = (text: string) => (text.match(WORD) ?? []).map((w) => w.toLowerCase());

function bounded(query: string): string {
  if (query.length > MAX_QUERY_LENGTH) {
    throw tsquerySyntax(query, `A text search query has at most ${MAX_QUERY_LENGTH} characters`);
  }
  // PostgreSQL text cannot hold NUL, so no engine may be asked to search for it.
  if (query.includes("\0")) throw restError("22P05", "unsupported Unicode escape sequence");
  return query;
}

const all = (kind: "and" | "or", nodes: SearchNode[]): SearchNode | undefined =>
  nodes.reduce<SearchNode | undefined>((acc, n) => (acc ? { kind, left: acc, right: n } : n), undefined);

/** plainto_tsquery: every word, ANDed. */
function plain(query: string): SearchNode | undefined {
  return all(
    "and",
    wordsOf(query).map((w) => ({ kind: "words", words: [w], prefix: false })),
  );
}

/** phraseto_tsquery: the words in this order. */
function phrase(query: string): SearchNode | undefined {
  const words = wordsOf(query);
  return words.length === 0 ? undefined : { kind: "words", words, prefix: false };
}

/**
 * websearch_to_tsquery: words ANDed, `"quoted words"` a phrase, `-word` its negation and `or` between two
 * items their alternative (binding tighter than the AND, as PostgreSQL reads `sad cat or fat rat`).
 */
function websearch(query: string): SearchNode | undefined {
  const groups: SearchNode[][] = [];
  let orNext = false;
  const pattern = /(^|\s)(-?)"([^"]*)"?|(^|\s)(-?)([^\s"]+)/gu;
  for (const m of query.matchAll(pattern)) {
    const quoted = m[3] !== undefined;
    const negated = (quoted ? m[2] : m[5]) === "-";
    const text = (quoted ? m[3] : m[6]) ?? "";
    if (!quoted && !negated && text.toLowerCase() === "or") {
      orNext = groups.length > 0;
      continue;
    }
    const words = wordsOf(text);
    if (words.length === 0) continue;
    const item: SearchNode[] = quoted
      ? [{ kind: "words", words, prefix: false }]
      : words.map((w) => ({ kind: "words", words: [w], prefix: false }));
    const node = all("and", item) as SearchNode;
    const operand: SearchNode = negated ? { kind: "not", operand: node } : node;
    const last = groups[groups.length - 1];
    if (orNext && last) last.push(operand);
    else groups.push([operand]);
    orNext = false;
  }
  return all(
    "and",
    groups.map((g) => all("or", g) as SearchNode),
  );
}

type Token =
  | { type: "op"; value: "&" | "|" | "!" | "(" | ")" | "<->" }
  | { type: "operand"; words: string[]; prefix: boolean };

function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < query.length) {
    const ch = query[i] as string;
    if (/\s/.test(ch)) {
      i++;
    } else if ("&|!()".includes(ch)) {
      tokens.push({ type: "op", value: ch as "&" });
      i++;
    } else if (ch === "<") {
      const m = /^<(-|1)>/.exec(query.slice(i));
      if (!m) throw tsquerySyntax(query, "Only <-> (words next to each other) joins words into a phrase");
      tokens.push({ type: "op", value: "<->" });
      i += m[0].length;
    } else {
      let words: string[];
      if (ch === "'") {
        const end = query.indexOf("'", i + 1);
        if (end === -1) throw tsquerySyntax(query, "A quoted operand has no closing quote");
        const inner = query.slice(i + 1, end).trim();
        words = inner.split(/\s+/);
        i = end + 1;
      } else {
        const m = /^[^\s&|!()<:']+/.exec(query.slice(i));
        words = [m ? m[0] : ch];
        i += m ? m[0].length : 1;
      }
      if (words.some((w) => !WORD_ONLY.test(w))) {
        throw tsquerySyntax(query, `An operand is a word of letters and digits, got "${words.join(" ")}"`);
      }
      let prefix = false;
      if (query[i] === ":") {
        if (query[i + 1] !== "*") throw tsquerySyntax(query, "Only :* (a prefix) may follow an operand");
        prefix = true;
        i += 2;
      }
      tokens.push({ type: "operand", words: words.map((w) => w.toLowerCase()), prefix });
    }
  }
  return tokens;
}

/** to_tsquery's grammar: `|` binds loosest, then `&`, then `<->`, then `!`. */
function tsquery(query: string): SearchNode | undefined {
  const tokens = tokenize(query);
  // An empty query is PostgreSQL's empty tsquery (a notice, not an error), which matches nothing.
  if (tokens.length === 0) return undefined;
  let at = 0;
  const peek = () => tokens[at];
  const isOp = (value: string) => {
    const t = peek();
    return t?.type === "op" && t.value === value;
  };
  const binary = (kind: "or" | "and", op: string, next: () => SearchNode) => (): SearchNode => {
    let left = next();
    while (isOp(op)) {
      at++;
      left = { kind, left, right: next() };
    }
    return left;
  };
  const unary = (): SearchNode => {
    const t = peek();
    at++;
    if (t?.type === "operand") return { kind: "words", words: t.words, prefix: t.prefix };
    if (t?.type === "op" && t.value === "!") return { kind: "not", operand: unary() };
    if (t?.type === "op" && t.value === "(") {
      const inner = or();
      if (!isOp(")")) throw tsquerySyntax(query, "Unbalanced parentheses");
      at++;
      return inner;
    }
    throw tsquerySyntax(
      query,
      t ? `Unexpected "${t.type === "op" ? t.value : "operand"}"` : "Unexpected end",
    );
  };
  /** `a <-> b <-> c:*`: words only, and only the last may be a prefix (FTS5's phrases allow no other). */
  const followedBy = (): SearchNode => {
    const parts = [unary()];
    while (isOp("<->")) {
      at++;
      parts.push(unary());
    }
    if (parts.length === 1) return parts[0] as SearchNode;
    const words = parts.flatMap((p, i) => {
      if (p.kind !== "words" || (p.prefix && i < parts.length - 1)) {
        throw tsquerySyntax(query, "<-> joins words (the last one may be a prefix), not groups");
      }
      return p.words;
    });
    const last = parts[parts.length - 1] as { prefix: boolean };
    return { kind: "words", words, prefix: last.prefix };
  };
  const and = binary("and", "&", followedBy);
  const or = binary("or", "|", and);
  const tree = or();
  if (at !== tokens.length) throw tsquerySyntax(query, "Two operands need an operator between them");
  return tree;
}

/**
 * Reads a text search filter's query into its tree (undefined: no word at all, PostgreSQL's empty query,
 * which matches nothing); refuses with 42601 a to_tsquery both engines cannot read alike. Both engines
 * search with the tree: PostgreSQL through to_tsquery of tsqueryText, so its parser never reads the
 * query's punctuation otherwise than SQLite's tokenizer does.
 */
export function parseTextSearch(op: "fts" | "plfts" | "phfts" | "wfts", raw: string): SearchNode | undefined {
  const query = bounded(raw);
  const tree =
    op === "fts"
      ? tsquery(query)
      : op === "plfts"
        ? plain(query)
        : op === "phfts"
          ? phrase(query)
          : websearch(query);
  if (countWords(tree) > MAX_WORDS) throw tsquerySyntax(query, `A query has at most ${MAX_WORDS} words`);
  return tree;
}

function countWords(node: SearchNode | undefined): number {
  if (!node) return 0;
  if (node.kind === "words") return node.words.length;
  if (node.kind === "not") return countWords(node.operand);
  return countWords(node.left) + countWords(node.right);
}

/** The tree as to_tsquery text: every word quoted, every group and phrase parenthesised. */
export function tsqueryText(node: SearchNode): string {
  if (node.kind === "words") {
    // `'c d':*` would make every word a prefix; only the last one is.
    const phrase = node.words.map((w) => `'${w}'`).join(" <-> ");
    return node.words.length > 1
      ? `(${phrase}${node.prefix ? ":*" : ""})`
      : `${phrase}${node.prefix ? ":*" : ""}`;
  }
  if (node.kind === "not") return `!(${tsqueryText(node.operand)})`;
  return `(${tsqueryText(node.left)} ${node.kind === "and" ? "&" : "|"} ${tsqueryText(node.right)})`;
}

/**
 * The tree as PostgreSQL searches it under `config`: a single stop word is no word at all (PostgreSQL
 * drops it from the query, with an AND or OR around it reduced to its other side), and a phrase of only
 * stop words likewise. undefined when nothing is left.
 */
export function withoutStopWords(node: SearchNode | undefined, config: TextSearchConfig) {
  if (!node || config === "simple") return node;
  const stop = STOP_WORDS[config];
  const prune = (n: SearchNode): SearchNode | undefined => {
    if (n.kind === "words") return n.words.every((w) => stop.has(w)) ? undefined : n;
    if (n.kind === "not") {
      const operand = prune(n.operand);
      return operand && { kind: "not", operand };
    }
    const left = prune(n.left);
    const right = prune(n.right);
    return left && right ? { ...n, left, right } : (left ?? right);
  };
  return prune(node);
}
