import { describe, expect, it } from "vitest";
import { compileLike, LikePatternError, matchesLike } from "./like-matcher";

/**
 * The matcher against a plain dynamic-programming reading of LIKE over code points: the table says
 * whether the first i characters of the value match the first j tokens of the pattern.
 */
function reference(pattern: string, value: string, ci: boolean): boolean {
  const fold = (ch: string) => (ci ? String.fromCodePoint(ch.toLowerCase().codePointAt(0) as number) : ch);
  const tokens: { kind: "any" | "one" | "char"; ch?: string }[] = [];
  const p = [...pattern];
  for (let i = 0; i < p.length; i++) {
    if (p[i] === "\\") tokens.push({ kind: "char", ch: fold(p[++i] as string) });
    else if (p[i] === "%") tokens.push({ kind: "any" });
    else if (p[i] === "_") tokens.push({ kind: "one" });
    else tokens.push({ kind: "char", ch: fold(p[i] as string) });
  }
  const v = [...value].map(fold);
  let row = tokens.map(() => false);
  // row[j]: the empty value prefix matches the first j+1 tokens.
  let prev = [true, ...row];
  for (let j = 0; j < tokens.length; j++) prev[j + 1] = (prev[j] as boolean) && tokens[j]?.kind === "any";
  for (const ch of v) {
    row = [false];
    for (let j = 0; j < tokens.length; j++) {
      const t = tokens[j] as (typeof tokens)[number];
      const here =
        t.kind === "any"
          ? (row[j] as boolean) || (prev[j + 1] as boolean)
          : (prev[j] as boolean) && (t.kind === "one" || t.ch === ch);
      row.push(here);
    }
    prev = row;
  }
  return prev[tokens.length] as boolean;
}

describe("LIKE without backtracking", () => {
  it.each([
    ["%Keys", "Elin Keys", false, true],
    ["%keys", "Elin Keys", false, false],
    ["%keys", "Elin Keys", true, true],
    ["åsa%", "Åsa Demo", true, true],
    ["ΟΔΟΣ", "οδοσ", true, true],
    ["_", "😀", false, true],
    ["__", "😀", false, false],
    ["a%\\%", "abc%", false, true],
    ["%", "", false, true],
    ["", "", false, true],
    ["", "a", false, false],
  ])("%s against %s (ilike %s) is %s", (pattern, value, ilike, expected) => {
    expect(matchesLike(pattern, value, ilike)).toBe(expected);
  });

  it("refuses a pattern ending in a lone escape, as PostgreSQL does", () => {
    expect(() => compileLike("abc\\", false)).toThrow(LikePatternError);
  });

  it("answers as the reference on random patterns and values", () => {
    const alphabet = ["a", "b", "A", "Å", "å", "😀", "%", "_", "\\"];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const word = (max: number, chars: string[]) =>
      Array.from({ length: random(max) }, () => chars[random(chars.length)]).join("");
    for (let i = 0; i < 4000; i++) {
      let pattern = word(8, alphabet);
      if (pattern.replace(/\\\\/g, "").endsWith("\\")) pattern += "a";
      const value = word(10, ["a", "b", "A", "Å", "å", "😀", "%", "_"]);
      const ci = random(2) === 1;
      expect(matchesLike(pattern, value, ci), `${pattern} ~ ${value} ${ci}`).toBe(
        reference(pattern, value, ci),
      );
    }
  });

  it("matches the worst patterns against a long value in linear time", () => {
    const value = `${"a".repeat(250_000)}${"_".repeat(250_000)}`;
    const started = performance.now();
    for (const p of [
      "%_%_%_%_%_%QQ",
      "%a%a%a%a%a%a%a%a%a%a%b",
      "%a_a_a_a_a_a_a_a_b%",
      `%${"a".repeat(200)}b%`,
    ]) {
      expect(matchesLike(p, value, false)).toBe(false);
      expect(matchesLike(p, value, true)).toBe(false);
    }
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
