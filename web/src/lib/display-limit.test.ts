import { describe, expect, it } from "vitest";
import { DISPLAY_LIMITS, limitItems } from "@/lib/display-limit";

describe("display limits", () => {
  it("are 3 tags, 2 external links, 2 roles in lists and 3 in the header", () => {
    expect(DISPLAY_LIMITS).toEqual({ tags: 3, externalLinks: 2, rolesInList: 2, rolesInHeader: 3 });
  });

  it("keeps the first items in order and counts the rest", () => {
    expect(limitItems(["a", "b", "c", "d", "e"], 3)).toEqual({ visible: ["a", "b", "c"], hiddenCount: 2 });
  });

  it("hides nothing when the list fits", () => {
    expect(limitItems(["a", "b"], 2)).toEqual({ visible: ["a", "b"], hiddenCount: 0 });
    expect(limitItems([], 3)).toEqual({ visible: [], hiddenCount: 0 });
  });
});
