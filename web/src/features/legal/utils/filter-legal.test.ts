import { describe, expect, it } from "vitest";
import { DOCUMENTS, TEMPLATES } from "@/features/legal/test/legal-fixtures";
import {
  ALL,
  filterDocuments,
  filterTemplates,
  sortByUpdatedDesc,
} from "@/features/legal/utils/filter-legal";

describe("filterTemplates", () => {
  it("filters by category chip and by title or description, ignoring case", () => {
    expect(filterTemplates(TEMPLATES, { search: "", category: ALL })).toHaveLength(TEMPLATES.length);
    expect(filterTemplates(TEMPLATES, { search: "", category: "NDA" }).map((t) => t.title)).toEqual([
      "Mutual NDA",
    ]);
    expect(filterTemplates(TEMPLATES, { search: "MASTER", category: ALL }).map((t) => t.title)).toEqual([
      "Producer Agreement",
      "Sync License",
    ]);
    expect(filterTemplates(TEMPLATES, { search: "", category: "Custom" })).toEqual([]);
  });
});

describe("filterDocuments", () => {
  it("filters by status chip and title search", () => {
    expect(filterDocuments(DOCUMENTS, { search: "", status: "draft" }).map((d) => d.title)).toEqual([
      "NDA – Nova Lind",
    ]);
    expect(filterDocuments(DOCUMENTS, { search: "nda", status: ALL })).toHaveLength(2);
    expect(filterDocuments(DOCUMENTS, { search: "nda", status: "void" })).toHaveLength(1);
  });

  it("sorts the newest change first", () => {
    const older = { updated_at: "2024-01-01T00:00:00Z" };
    const newer = { updated_at: "2024-02-01T00:00:00Z" };
    expect(sortByUpdatedDesc([older, newer])).toEqual([newer, older]);
  });
});
