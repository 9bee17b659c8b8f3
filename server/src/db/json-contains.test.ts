import { describe, expect, it } from "vitest";
import { jsonContains } from "./json-contains";

/** Each answer is PostgreSQL 15's own for `left::jsonb @> right::jsonb`. */
describe("jsonb containment on SQLite", () => {
  it.each([
    ["[1,2]", "1", true],
    ["1", "[1]", false],
    ['"a"', '"a"', true],
    ["[[1,2],3]", "[[1]]", true],
    ["[[1,2],3]", "[1]", false],
    ["[1,[2]]", "[2]", false],
    ['{"a":[1,2]}', '{"a":[1]}', true],
    ['{"a":[1]}', '{"a":1}', false],
    ['{"a":{"b":1,"c":2}}', '{"a":{"b":1}}', true],
    ["{}", "[]", false],
    ["[]", "{}", false],
    ['[{"a":1,"b":2}]', '[{"a":1}]', true],
    ['[{"a":1}]', '{"a":1}', false],
    ['{"a":1.0}', '{"a":1}', true],
    ["[1,1]", "[1,1,1]", true],
    ['{"a":null}', '{"a":null}', true],
    ['{"a":null}', "{}", true],
    ["[null]", "null", true],
    ["[true,false]", "[false]", true],
  ])("%s @> %s is %s", (left, right, expected) => {
    expect(jsonContains(left, right)).toBe(expected);
  });
});
