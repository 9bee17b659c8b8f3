import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocateLine, type PayeeShare } from "../src/modules/royalties/allocation/allocate-line";
import {
  type ClosePeriodInput,
  closePeriod,
  type EarningEntry,
  openingAfter,
  type PayeeOpening,
  type PayeeStatementFigures,
} from "../src/modules/royalties/allocation/close-period";
import { splitByLargestRemainder } from "../src/modules/royalties/allocation/largest-remainder";

const total = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0);

describe("largest-remainder split", () => {
  it("gives the leftover öre to the largest remainders", () => {
    // 100 öre by thirds: 33.33 each, one öre left for the first of the tied.
    expect(splitByLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    // 10 öre at 50/30/20 %... and 7 öre: exact 3.5, 2.1, 1.4 → floors 3, 2, 1 and the öre to the .5.
    expect(splitByLargestRemainder(7, [5000, 3000, 2000])).toEqual([4, 2, 1]);
    expect(splitByLargestRemainder(-7, [5000, 3000, 2000])).toEqual([-4, -2, -1]);
    expect(splitByLargestRemainder(1, [3333, 3333, 3334])).toEqual([0, 0, 1]);
    expect(splitByLargestRemainder(5, [0, 10_000])).toEqual([0, 5]);
    expect(splitByLargestRemainder(-1, [1, 1])).toEqual([-1, 0]);
  });

  it("refuses weights that cannot split anything", () => {
    expect(() => splitByLargestRemainder(10, [0, 0])).toThrow(RangeError);
    expect(() => splitByLargestRemainder(10, [-1, 2])).toThrow(RangeError);
    expect(() => splitByLargestRemainder(1.5, [1])).toThrow(RangeError);
  });

  it("adds up exactly for any amount and weights, stays within an öre of the exact part, and negates", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(2 ** 50), max: 2 ** 50 }),
        fc
          .array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 12 })
          .filter((w) => total(w) > 0),
        (amount, weights) => {
          const parts = splitByLargestRemainder(amount, weights);
          expect(total(parts)).toBe(amount);
          const sum = BigInt(total(weights));
          parts.forEach((part, i) => {
            const gap = BigInt(part) * sum - BigInt(amount) * BigInt(weights[i] as number);
            expect(gap < sum && gap > -sum).toBe(true);
          });
          expect(splitByLargestRemainder(-amount, weights)).toEqual(parts.map((p) => -p || 0));
        },
      ),
    );
  });
});

const shareArb = fc.record({
  share_bp: fc.integer({ min: 0, max: 10_000 }),
  fee_bp: fc.integer({ min: 0, max: 10_000 }),
});
const splitArb = fc
  .array(shareArb, { minLength: 1, maxLength: 6 })
  .filter((shares) => total(shares.map((s) => s.share_bp)) > 0)
  .map((shares): PayeeShare[] => shares.map((s, i) => ({ ...s, payee_id: `payee-${i}` })));

describe("allocating a line", () => {
  it("splits 100 kr between two writers at 50 % with a 20 % and a 15 % publisher fee", () => {
    expect(
      allocateLine(10_000, [
        { payee_id: "a", share_bp: 5000, fee_bp: 2000 },
        { payee_id: "b", share_bp: 5000, fee_bp: 1500 },
      ]),
    ).toEqual([
      { payee_id: "a", gross_ore: 5000, fee_ore: 1000, net_ore: 4000 },
      { payee_id: "b", gross_ore: 5000, fee_ore: 750, net_ore: 4250 },
    ]);
  });

  it("refuses a fee outside 0–100 %", () => {
    expect(() => allocateLine(100, [{ payee_id: "a", share_bp: 1, fee_bp: 10_001 }])).toThrow(RangeError);
  });

  it("adds up per line and per period for random splits and amounts, negative lines included", () => {
    const lineArb = fc.record({ amount: fc.integer({ min: -5_000_000, max: 50_000_000 }), split: splitArb });
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 40 }), (lines) => {
        const earnings: EarningEntry[] = [];
        lines.forEach(({ amount, split }, n) => {
          const parts = allocateLine(amount, split);
          expect(total(parts.map((p) => p.gross_ore))).toBe(amount);
          for (const part of parts) {
            expect(part.fee_ore + part.net_ore).toBe(part.gross_ore);
            earnings.push({ ...part, source_id: `source-${n % 3}`, item_id: `work-${n % 5}`, right: "PR" });
          }
        });
        const statements = closePeriod({ period_index: 1, openings: [], terms: [], advances: [], earnings });
        const moneyIn = total(lines.map((l) => l.amount));
        expect(total(statements.map((s) => s.gross_ore))).toBe(moneyIn);
        expect(total(statements.map((s) => s.net_earnings_ore + s.fees_ore))).toBe(moneyIn);
        for (const s of statements)
          for (const view of [s.by_source, s.by_item, s.by_right])
            expect(total(view.map((b) => b.gross_ore))).toBe(s.gross_ore);
      }),
    );
  });
});

const entry = (payee_id: string, net: number, extra: Partial<EarningEntry> = {}): EarningEntry => ({
  payee_id,
  gross_ore: net,
  fee_ore: 0,
  net_ore: net,
  source_id: "distrokid",
  item_id: "work-1",
  right: "master",
  ...extra,
});

const closeOne = (input: Partial<ClosePeriodInput>): PayeeStatementFigures => {
  const [statement] = closePeriod({
    period_index: 1,
    openings: [],
    terms: [],
    advances: [],
    earnings: [],
    ...input,
  });
  if (!statement) throw new Error("no statement");
  return statement;
};

describe("closing a period", () => {
  it("recoups an advance before anything is payable, and pays the rest once it is covered", () => {
    const first = closeOne({
      advances: [{ payee_id: "w", amount_ore: 100_000 }],
      earnings: [entry("w", 60_000)],
    });
    expect(first).toMatchObject({ recouped_ore: 60_000, unrecouped_closing_ore: 40_000, payable_ore: 0 });
    expect(first.closing_balance_ore).toBe(0);
    const second = closeOne({
      period_index: 2,
      openings: [openingAfter(first)],
      earnings: [entry("w", 55_000)],
    });
    expect(second).toMatchObject({ recouped_ore: 40_000, unrecouped_closing_ore: 0, payable_ore: 15_000 });
    expect(second.carried_forward_ore).toBe(0);
  });

  it("holds a reserve and releases it in the period its terms name", () => {
    const terms = [{ payee_id: "w", reserve_bp: 2000, reserve_periods: 2 }];
    const p1 = closeOne({ terms, earnings: [entry("w", 10_001)] });
    expect(p1).toMatchObject({ reserve_held_ore: 2000, payable_ore: 8001 });
    expect(p1.reserves_outstanding).toEqual([{ held_in: 1, release_in: 3, amount_ore: 2000 }]);
    const p2 = closeOne({ period_index: 2, terms, openings: [openingAfter(p1)] });
    expect(p2).toMatchObject({ reserve_released_ore: 0, payable_ore: 0 });
    const p3 = closeOne({ period_index: 3, terms, openings: [openingAfter(p2)] });
    expect(p3).toMatchObject({ reserve_released_ore: 2000, payable_ore: 2000 });
    expect(p3.reserves_outstanding).toEqual([]);
  });

  it("carries a negative balance from an adjustment instead of paying, and nets it against later earnings", () => {
    const p1 = closeOne({
      terms: [{ payee_id: "w", reserve_bp: 1000, reserve_periods: 1 }],
      earnings: [entry("w", -3000)],
    });
    expect(p1).toMatchObject({
      reserve_held_ore: 0,
      closing_balance_ore: -3000,
      payable_ore: 0,
      carried_forward_ore: -3000,
    });
    const p2 = closeOne({ period_index: 2, openings: [openingAfter(p1)], earnings: [entry("w", 5000)] });
    expect(p2).toMatchObject({ opening_balance_ore: -3000, payable_ore: 2000 });
  });

  it("shows earnings by source, work and right", () => {
    const s = closeOne({
      earnings: [
        entry("w", 100, { source_id: "stim", item_id: "work-2", right: "PR", gross_ore: 125, fee_ore: 25 }),
        entry("w", 300, { source_id: "distrokid", item_id: "work-1", right: "master" }),
        entry("w", 50, { source_id: "stim", item_id: "work-1", right: "MR" }),
      ],
    });
    expect(s.by_source).toEqual([
      { key: "distrokid", gross_ore: 300, fee_ore: 0, net_ore: 300 },
      { key: "stim", gross_ore: 175, fee_ore: 25, net_ore: 150 },
    ]);
    expect(s.by_item.map((b) => [b.key, b.net_ore])).toEqual([
      ["work-1", 350],
      ["work-2", 100],
    ]);
    expect(s.by_right.map((b) => b.key)).toEqual(["MR", "PR", "master"]);
    expect(s).toMatchObject({ gross_ore: 475, fees_ore: 25, net_earnings_ore: 450 });
  });

  const periodArb = fc.record({
    advance: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 200_000 })),
    earnings: fc.array(fc.integer({ min: -20_000, max: 80_000 }), { maxLength: 5 }),
  });

  it("never pays out while an advance is unrecouped, and accounts for every öre over many periods", () => {
    fc.assert(
      fc.property(
        fc.array(periodArb, { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 1, max: 3 }),
        (periods, reserveBp, reservePeriods) => {
          const terms = [{ payee_id: "w", reserve_bp: reserveBp, reserve_periods: reservePeriods }];
          let opening: PayeeOpening = { payee_id: "w", balance_ore: 0, unrecouped_ore: 0, reserves: [] };
          let paid = 0;
          let earned = 0;
          let advanced = 0;
          periods.forEach((period, i) => {
            const s = closeOne({
              period_index: i + 1,
              terms,
              openings: [opening],
              advances: period.advance ? [{ payee_id: "w", amount_ore: period.advance }] : [],
              earnings: period.earnings.map((net) => entry("w", net)),
            });
            if (s.payable_ore > 0) expect(s.unrecouped_closing_ore).toBe(0);
            expect(s.payable_ore).toBeGreaterThanOrEqual(0);
            expect(s.recouped_ore).toBeGreaterThanOrEqual(0);
            expect(s.recouped_ore).toBeLessThanOrEqual(s.unrecouped_opening_ore + s.advances_ore);
            // What is paid never exceeds what was available after the advances outstanding were covered.
            const available =
              s.opening_balance_ore + s.net_earnings_ore - s.reserve_held_ore + s.reserve_released_ore;
            expect(s.payable_ore).toBeLessThanOrEqual(
              Math.max(0, available - s.unrecouped_opening_ore - s.advances_ore),
            );
            paid += s.payable_ore;
            earned += s.net_earnings_ore;
            advanced += s.advances_ore;
            opening = openingAfter(s);
          });
          // Every öre earned is paid, recouped, held in reserve or carried.
          const held = total(opening.reserves.map((r) => r.amount_ore));
          const recouped = advanced - opening.unrecouped_ore;
          expect(paid + recouped + held + opening.balance_ore).toBe(earned);
        },
      ),
    );
  });

  it("gives the same statements when closed again, or with its input in another order", () => {
    const inputArb = fc.record({
      period_index: fc.integer({ min: 1, max: 8 }),
      openings: fc.uniqueArray(
        fc.record({
          payee_id: fc.constantFrom("a", "b", "c", "d"),
          balance_ore: fc.integer({ min: -50_000, max: 50_000 }),
          unrecouped_ore: fc.integer({ min: 0, max: 100_000 }),
          reserves: fc.array(
            fc.record({
              held_in: fc.integer({ min: 0, max: 8 }),
              release_in: fc.integer({ min: 1, max: 10 }),
              amount_ore: fc.integer({ min: 1, max: 9000 }),
            }),
            { maxLength: 3 },
          ),
        }),
        { selector: (o) => o.payee_id },
      ),
      terms: fc.uniqueArray(
        fc.record({
          payee_id: fc.constantFrom("a", "b", "c", "d"),
          reserve_bp: fc.integer({ min: 0, max: 5000 }),
          reserve_periods: fc.integer({ min: 1, max: 4 }),
        }),
        { selector: (t) => t.payee_id },
      ),
      advances: fc.array(
        fc.record({
          payee_id: fc.constantFrom("a", "b", "c", "d"),
          amount_ore: fc.integer({ min: 1, max: 90_000 }),
        }),
        { maxLength: 3 },
      ),
      earnings: fc.array(
        fc.record({
          payee_id: fc.constantFrom("a", "b", "c", "d", "e"),
          gross_ore: fc.integer({ min: -10_000, max: 60_000 }),
          fee_ore: fc.constant(0),
          net_ore: fc.constant(0),
          source_id: fc.constantFrom("distrokid", "stim"),
          item_id: fc.constantFrom("work-1", "rec-1"),
          right: fc.constantFrom("PR", "MR", "master"),
        }),
        { maxLength: 20 },
      ),
    });
    fc.assert(
      fc.property(inputArb, (raw) => {
        const input: ClosePeriodInput = {
          ...raw,
          earnings: raw.earnings.map((e) => ({
            ...e,
            fee_ore: Math.trunc(e.gross_ore / 5),
            net_ore: e.gross_ore - Math.trunc(e.gross_ore / 5),
          })),
        };
        const first = closePeriod(input);
        expect(closePeriod(structuredClone(input))).toEqual(first);
        const reversed: ClosePeriodInput = {
          ...input,
          openings: [...input.openings].reverse(),
          terms: [...input.terms].reverse(),
          advances: [...input.advances].reverse(),
          earnings: [...input.earnings].reverse(),
        };
        expect(closePeriod(reversed)).toEqual(first);
      }),
    );
  });
});
