import { describe, expect, it } from "vitest";
import {
  contactInsertSchema,
  toContactFormValues,
  toContactPayload,
} from "@/features/crm/utils/contact-form";

describe("the contact form's values", () => {
  it("become the table's columns: blanks are null, numbers are numbers, the IPI keeps its digits", () => {
    const values = {
      ...toContactFormValues(),
      first_name: " Nova ",
      last_name: "Lind",
      reliability_score: "8,5",
      strengths: [
        { skill: "melody", score: "9" },
        { skill: "  ", score: "3" },
      ],
      ipi: "00014 107-338",
    };
    expect(toContactPayload(values, "talent")).toEqual({
      first_name: "Nova",
      last_name: "Lind",
      email: null,
      phone: null,
      location: null,
      company_id: null,
      roles: [],
      notes: null,
      stage_name: null,
      genres: [],
      languages: [],
      reliability_score: 8.5,
      strengths: { melody: 9 },
      pro_society: null,
      ipi: "00014107338",
    });
  });

  it("leaves the talent-only columns out for an industry contact", () => {
    const payload = toContactPayload(
      { ...toContactFormValues(), first_name: "Maja", last_name: "Ekström" },
      "industry",
    );
    expect(Object.keys(payload)).not.toContain("ipi");
    expect(Object.keys(payload)).not.toContain("strengths");
  });

  it("are checked by the table's schema: a score above 10 and a bad IPI are refused", () => {
    const payload = toContactPayload(
      {
        ...toContactFormValues(),
        first_name: "Nova",
        last_name: "Lind",
        reliability_score: "11",
        ipi: "12345678901",
      },
      "talent",
    );
    const result = contactInsertSchema.safeParse(payload);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path[0]).sort()).toEqual(["ipi", "reliability_score"]);
  });
});
