// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Biome's noRestrictedImports has no "any feature but this one" pattern, so biome.json carries one
 * override per feature folder (written by scripts/boundaries.mjs). This keeps the list complete: a new
 * feature without its override would be free to import the others.
 */
const root = resolve(import.meta.dirname, "../../..");
type Override = {
  includes?: string[];
  linter?: {
    rules?: { style?: { noRestrictedImports?: { options?: { patterns?: { group: string[] }[] } } } };
  };
};

describe("feature boundaries", () => {
  it("stops every feature from importing another feature or the app", () => {
    const config = JSON.parse(readFileSync(resolve(root, "biome.json"), "utf8")) as { overrides: Override[] };
    const features = readdirSync(resolve(root, "web/src/features"));
    expect(features.length).toBeGreaterThan(5);
    for (const feature of features) {
      const override = config.overrides.find((entry) =>
        entry.includes?.includes(`web/src/features/${feature}/**`),
      );
      const groups = override?.linter?.rules?.style?.noRestrictedImports?.options?.patterns?.map(
        (p) => p.group,
      );
      expect(groups, feature).toEqual([["@/app/**", "@/features/**", `!@/features/${feature}/**`]]);
    }
  });
});
