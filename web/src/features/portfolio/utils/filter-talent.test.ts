import { describe, expect, it } from "vitest";
import {
  ALL_ROLES,
  filterTalents,
  formatTalentCount,
  listDistinctRoles,
} from "@/features/portfolio/utils/filter-talent";

const talents = [
  { first_name: "Nova", last_name: "Lind", stage_name: "NOVA", roles: ["Vocalist", "Songwriter"] },
  { first_name: "Omar", last_name: "Haddad", stage_name: null, roles: ["Producer"] },
  { first_name: "Astrid", last_name: "Nyström", stage_name: "Stellar", roles: ["Songwriter"] },
];

describe("listDistinctRoles", () => {
  it("lists each role once, alphabetically", () => {
    expect(listDistinctRoles(talents)).toEqual(["Producer", "Songwriter", "Vocalist"]);
  });
});

describe("filterTalents", () => {
  it("keeps everyone with All roles and no search", () => {
    expect(filterTalents(talents, { search: "", role: ALL_ROLES })).toHaveLength(3);
  });

  it("keeps only talent with the chosen role", () => {
    const songwriters = filterTalents(talents, { search: "", role: "Songwriter" });
    expect(songwriters.map((t) => t.first_name)).toEqual(["Nova", "Astrid"]);
  });

  it("searches first, last and stage names case-insensitively", () => {
    expect(filterTalents(talents, { search: "hADDad", role: ALL_ROLES }).map((t) => t.first_name)).toEqual([
      "Omar",
    ]);
    expect(filterTalents(talents, { search: "stellar", role: ALL_ROLES }).map((t) => t.first_name)).toEqual([
      "Astrid",
    ]);
    expect(filterTalents(talents, { search: "nova lind", role: ALL_ROLES })).toHaveLength(1);
  });

  it("combines the search with the role filter", () => {
    expect(filterTalents(talents, { search: "nova", role: "Producer" })).toEqual([]);
  });
});

describe("formatTalentCount", () => {
  it("counts in singular and plural", () => {
    expect(formatTalentCount(0)).toBe("0 talents");
    expect(formatTalentCount(1)).toBe("1 talent");
    expect(formatTalentCount(3)).toBe("3 talents");
  });
});
