import { describe, expect, it } from "vitest";
import { parseTextSearch, tsqueryText, withoutStopWords } from "./text-search-query";

const word = (w: string, prefix = false) => ({ kind: "words", words: [w], prefix });
/** The AppError a read throws, by status and code. */
const refused = (status: number, code: string) => expect.objectContaining({ status, code });

describe("parseTextSearch", () => {
  it("reads to_tsquery's precedence (! then <-> then & then |) and rewrites it for PostgreSQL", () => {
    const tree = parseTextSearch("fts", "a | B & c <-> d:*");
    expect(tree).toEqual({
      kind: "or",
      left: word("a"),
      right: { kind: "and", left: word("b"), right: { kind: "words", words: ["c", "d"], prefix: true } },
    });
    // `!c <-> d` is not a phrase of words: refused alike on both engines.
    expect(() => parseTextSearch("fts", "!c <-> d")).toThrow(refused(400, "42601"));
    expect(tree && tsqueryText(tree)).toBe("('a' | ('b' & ('c' <-> 'd':*)))");
  });

  it("reads websearch's or tighter than its implied and, -word as not, and quoted phrases", () => {
    const tree = parseTextSearch("wfts", 'sad cat or fat -"big rat"');
    expect(tree).toEqual({
      kind: "and",
      left: { kind: "and", left: word("sad"), right: { kind: "or", left: word("cat"), right: word("fat") } },
      right: { kind: "not", operand: { kind: "words", words: ["big", "rat"], prefix: false } },
    });
  });

  it("reads plain and phrase queries' words, punctuation aside", () => {
    expect(parseTextSearch("plfts", "Hip, hop!")).toEqual({
      kind: "and",
      left: word("hip"),
      right: word("hop"),
    });
    expect(parseTextSearch("phfts", "Split-sheets now")).toEqual({
      kind: "words",
      words: ["split", "sheets", "now"],
      prefix: false,
    });
    expect(parseTextSearch("plfts", " ,. ")).toBeUndefined();
  });

  it("refuses with 42601 what to_tsquery or FTS5 would read otherwise", () => {
    for (const q of ["a &", "a b", "(a", "a <3> b", "a:AB", "e-mail", "x".repeat(1001)]) {
      expect(() => parseTextSearch("fts", q), q).toThrow(refused(400, "42601"));
    }
    expect(() => parseTextSearch("plfts", "a\0b")).toThrow(refused(400, "22P05"));
  });
});

describe("withoutStopWords", () => {
  it("drops the configuration's stop words, reducing the AND or OR around them", () => {
    const tree = parseTextSearch("fts", "(the | cat) & !och");
    expect(withoutStopWords(tree, "english")).toEqual({
      kind: "and",
      left: word("cat"),
      right: { kind: "not", operand: word("och") },
    });
    expect(withoutStopWords(tree, "swedish")).toEqual({ kind: "or", left: word("the"), right: word("cat") });
    expect(withoutStopWords(tree, "simple")).toBe(tree);
    expect(withoutStopWords(parseTextSearch("plfts", "the and"), "english")).toBeUndefined();
  });
});
