import { describe, expect, it } from "vitest";
import {
  containsAll,
  fieldErrorOf,
  pageWindow,
  quoteValue,
  StaleRecordError,
  searchFilter,
  versionedFilter,
  writtenRow,
} from "@/lib/postgrest";

const refusal = (code: string, message: string, details: string | null = null) => ({
  status: 400,
  body: { code, message, details, hint: null },
});

describe("PostgREST helpers", () => {
  it("quotes values so commas, parentheses, quotes and backslashes stay text", () => {
    expect(quoteValue('a,b(c)"d\\')).toBe('"a,b(c)\\"d\\\\"');
  });

  it("searches every word in any of the columns, case-insensitively", () => {
    expect(searchFilter(["a", "b"], "  Nova  lind ")).toBe(
      '(or(a.ilike."*Nova*",b.ilike."*Nova*"),or(a.ilike."*lind*",b.ilike."*lind*"))',
    );
    expect(searchFilter(["a"], "   ")).toBeUndefined();
  });

  it("writes list containment with quoted items", () => {
    expect(containsAll(["Mix Engineer"])).toBe('cs.{"Mix Engineer"}');
  });

  it("names the rows a page shows", () => {
    expect(pageWindow(1, 50, 50)).toEqual({ from: 1, to: 50 });
    expect(pageWindow(2, 50, 14)).toEqual({ from: 51, to: 64 });
    expect(pageWindow(1, 50, 0)).toEqual({ from: 0, to: 0 });
  });

  it("saves against the version read, and an empty answer is a stale version", () => {
    expect(versionedFilter("id-1", "2026-11-01T10:00:00.000Z")).toEqual({
      id: "eq.id-1",
      updated_at: "eq.2026-11-01T10:00:00.000Z",
    });
    expect(writtenRow({ status: 200, body: [{ id: "id-1" }] })).toEqual({ id: "id-1" });
    expect(() => writtenRow({ status: 200, body: [] })).toThrow(StaleRecordError);
  });

  it("finds the column a refused write names, with the schema's own words", () => {
    expect(
      fieldErrorOf(
        refusal(
          "22P02",
          'invalid input for column "ipi" of relation "crm_contacts": An IPI name number has 11 digits',
        ),
      ),
    ).toEqual({ field: "ipi", message: "An IPI name number has 11 digits" });
    expect(
      fieldErrorOf(
        refusal("23502", 'null value in column "title" of relation "crm_deals" violates not-null constraint'),
      ),
    ).toEqual({ field: "title", message: "This field is required" });
    expect(
      fieldErrorOf({
        status: 409,
        body: {
          code: "23505",
          message: "duplicate key",
          details: "Key (org_number)=(1) already exists.",
          hint: null,
        },
      }),
    ).toEqual({ field: "org_number", message: "This value is already taken" });
    expect(fieldErrorOf(refusal("42501", "permission denied"))).toBeNull();
    expect(fieldErrorOf(new TypeError("Failed to fetch"))).toBeNull();
  });
});
