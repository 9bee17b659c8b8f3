import { describe, expect, it } from "vitest";
import { describeActivity } from "@/features/crm/utils/describe-activity";

describe("describeActivity", () => {
  it("says a move in the board's own words, with the other changed fields beside it", () => {
    expect(
      describeActivity({
        action: "moved",
        changes: { stage: { from: "prospect", to: "won" }, value_sek: { from: 10_000, to: 12_000 } },
        note: null,
      }),
    ).toEqual({
      summary: "Moved from Prospect to Won",
      details: ["value: SEK\u00a010,000 → SEK\u00a012,000"],
    });
    expect(
      describeActivity({
        action: "moved",
        changes: { status: { from: "draft", to: "in_session" } },
        note: null,
      }).summary,
    ).toBe("Moved from Draft to In Session");
  });

  it("lists the updated fields before → after; links to other records only say they changed", () => {
    expect(
      describeActivity({
        action: "updated",
        changes: {
          roles: { from: [], to: ["Producer", "Topliner"] },
          company_id: { from: null, to: "c1" },
          strengths: { from: {}, to: { melody: 8 } },
        },
        note: null,
      }),
    ).toEqual({
      summary: "Updated roles, company and strengths",
      details: ["roles: none → Producer, Topliner", "company changed", "strengths: none → melody 8/10"],
    });
  });

  it("shows a note's text, and archive, restore and delete as such", () => {
    expect(describeActivity({ action: "note", changes: {}, note: "Called Maja" })).toEqual({
      summary: "Note",
      details: ["Called Maja"],
    });
    expect(describeActivity({ action: "archived", changes: {}, note: null }).summary).toBe("Archived");
    expect(describeActivity({ action: "restored", changes: {}, note: null }).summary).toBe("Restored");
    expect(describeActivity({ action: "deleted", changes: {}, note: null }).summary).toBe("Deleted");
  });
});
