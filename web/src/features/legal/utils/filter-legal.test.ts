import { describe, expect, it } from "vitest";
import { SAMPLE_CLAUSES, SAMPLE_DOCUMENTS, SAMPLE_TEMPLATES } from "@/features/legal/data/sample-legal";
import { ALL, filterDocuments, filterTemplates, searchClauses } from "@/features/legal/utils/filter-legal";

const clauses = [
  { title: "Confidentiality (standard)", slug: "confidentiality_standard_v1", tags: ["nda", "mutual"] },
  { title: "Work for hire (master)", slug: "work_for_hire_master_v1", tags: ["producer", "Master"] },
];

describe("searchClauses (spec §9)", () => {
  it("returns every clause for an empty or blank search", () => {
    expect(searchClauses(clauses, "")).toHaveLength(2);
    expect(searchClauses(clauses, "   ")).toHaveLength(2);
  });

  it("matches the title case-insensitively", () => {
    expect(searchClauses(clauses, "CONFIDENTIALITY").map((c) => c.slug)).toEqual([
      "confidentiality_standard_v1",
    ]);
  });

  it("matches the slug", () => {
    expect(searchClauses(clauses, "hire_master").map((c) => c.slug)).toEqual(["work_for_hire_master_v1"]);
  });

  it("matches any tag, case-insensitively", () => {
    expect(searchClauses(clauses, "Mutual").map((c) => c.slug)).toEqual(["confidentiality_standard_v1"]);
    expect(searchClauses(clauses, "producer").map((c) => c.slug)).toEqual(["work_for_hire_master_v1"]);
  });

  it("finds nothing when nothing matches", () => {
    expect(searchClauses(clauses, "royalty")).toEqual([]);
  });

  it("finds the spec's sample slugs in the sample library", () => {
    expect(searchClauses(SAMPLE_CLAUSES, "_v1").map((c) => c.slug)).toEqual([
      "confidentiality_standard_v1",
      "work_for_hire_master_v1",
    ]);
  });
});

describe("filterTemplates", () => {
  it("filters by category chip and search", () => {
    expect(filterTemplates(SAMPLE_TEMPLATES, { search: "", category: ALL })).toHaveLength(
      SAMPLE_TEMPLATES.length,
    );
    expect(filterTemplates(SAMPLE_TEMPLATES, { search: "", category: "NDA" }).map((t) => t.id)).toEqual([
      "tpl-nda",
    ]);
    expect(filterTemplates(SAMPLE_TEMPLATES, { search: "master", category: ALL }).map((t) => t.id)).toEqual([
      "tpl-producer",
      "tpl-sync",
    ]);
    expect(filterTemplates(SAMPLE_TEMPLATES, { search: "", category: "Custom" })).toEqual([]);
  });
});

describe("filterDocuments", () => {
  it("filters by status chip and title search", () => {
    expect(filterDocuments(SAMPLE_DOCUMENTS, { search: "", status: "draft" }).map((d) => d.id)).toEqual([
      "doc-nda-nova",
    ]);
    expect(filterDocuments(SAMPLE_DOCUMENTS, { search: "nda", status: ALL })).toHaveLength(2);
  });
});
