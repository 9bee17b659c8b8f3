import { tables } from "@app/contracts";
import { describe, expect, it } from "vitest";
import { AppError } from "../http/app-error";
import { filterValue } from "./stored-values";

const score = tables.crm_contacts.columns.reliability_score;

describe("filterValue of a number column", () => {
  it("reads decimals as PostgreSQL does", () => {
    expect(filterValue(score, " 6.5 ")).toBe(6.5);
    expect(filterValue(score, "-.5e1")).toBe(-5);
  });

  it("refuses a long run of digits that ends in junk at once (a backtracking pattern would take minutes)", () => {
    const refused = (() => {
      try {
        filterValue(score, `${"1".repeat(200_000)}x`);
      } catch (err) {
        return err instanceof AppError ? err.code : String(err);
      }
      return "accepted";
    })();
    expect(refused).toBe("22P02");
  });
});
