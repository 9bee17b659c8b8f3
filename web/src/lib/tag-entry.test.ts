import { describe, expect, it } from "vitest";
import { addTag, removeTag } from "@/lib/tag-entry";

describe("tag entry", () => {
  it("adds a trimmed tag", () => {
    expect(addTag(["pop"], "  synth  ")).toEqual(["pop", "synth"]);
  });

  it("ignores an empty or blank tag", () => {
    expect(addTag(["pop"], "")).toEqual(["pop"]);
    expect(addTag(["pop"], "   ")).toEqual(["pop"]);
  });

  it("ignores a tag that is already present, after trimming", () => {
    expect(addTag(["pop"], " pop ")).toEqual(["pop"]);
  });

  it("removes a tag", () => {
    expect(removeTag(["pop", "synth"], "pop")).toEqual(["synth"]);
  });
});
