import { describe, expect, it } from "vitest";
import { summarizeReceivables } from "@/features/dashboard/utils/summarize-receivables";

describe("summarizeReceivables", () => {
  it("sums what is still owed, the overdue part of it and this month's payments, in öre", () => {
    const figures = summarizeReceivables(
      [
        { total_ore: 1_250_000, paid_ore: 0, status: "issued" },
        { total_ore: 800_050, paid_ore: 300_000, status: "overdue" },
        { total_ore: 99_999, paid_ore: 50_000, status: "partially_paid" },
      ],
      [{ amount_ore: 300_000 }, { amount_ore: 50_000 }, { amount_ore: 1 }],
    );
    expect(figures).toEqual({
      outstandingOre: 1_250_000 + 500_050 + 49_999,
      overdueOre: 500_050,
      paidThisMonthOre: 350_001,
    });
  });

  it("is all zeros with nothing issued", () => {
    expect(summarizeReceivables([], [])).toEqual({ outstandingOre: 0, overdueOre: 0, paidThisMonthOre: 0 });
  });
});
