import { describe, expect, it } from "vitest";
import { tableQuery } from "@/lib/read-table";

describe("tableQuery", () => {
  it("writes columns, filters, order and page in PostgREST's grammar", () => {
    expect(
      tableQuery<"crm_contacts">({
        select: ["id", "first_name"],
        filters: { kind: "eq.talent", archived_at: undefined, and: "(or(email.ilike.*a*))" },
        order: ["last_name.asc", "first_name.asc"],
        range: { limit: 50, offset: 100 },
      }),
    ).toEqual({
      select: "id,first_name",
      kind: "eq.talent",
      and: "(or(email.ilike.*a*))",
      order: "last_name.asc,first_name.asc",
      limit: "50",
      offset: "100",
    });
  });

  it("leaves out what is not asked for, keeping a first page's offset", () => {
    expect(tableQuery<"crm_deals">({})).toEqual({});
    expect(tableQuery<"crm_deals">({ range: { limit: 1, offset: 0 } })).toEqual({ limit: "1", offset: "0" });
  });
});
