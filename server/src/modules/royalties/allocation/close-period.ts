import type { AllocatedPart } from "./allocate-line";

/** A payee's part of one statement line, with where the money came from. */
export interface EarningEntry extends AllocatedPart {
  source_id: string;
  /** The work or recording the line matched. */
  item_id: string;
  /** PR, MR, SR or master. */
  right: string;
}

/** Money held back in one period, to be released to the payee in a later one. */
interface HeldReserve {
  held_in: number;
  release_in: number;
  amount_ore: number;
}

/** What a payee carries into the period from the one before. */
export interface PayeeOpening {
  payee_id: string;
  /** Earnings not yet paid: negative after adjustments larger than the earnings, which later earnings cover. */
  balance_ore: number;
  /** Advances paid and not yet recouped from earnings. */
  unrecouped_ore: number;
  reserves: HeldReserve[];
}

interface PayeeTerms {
  payee_id: string;
  /** Part of each period's positive net earnings held back, in basis points. */
  reserve_bp: number;
  /** How many periods later a reserve is released. */
  reserve_periods: number;
}

export interface ClosePeriodInput {
  /** The period's place in the sequence of periods: reserves are scheduled by it. */
  period_index: number;
  openings: readonly PayeeOpening[];
  terms: readonly PayeeTerms[];
  /** Advances paid to payees during the period, recoupable from earnings. */
  advances: readonly { payee_id: string; amount_ore: number }[];
  earnings: readonly EarningEntry[];
}

interface EarningsBreakdown {
  key: string;
  gross_ore: number;
  fee_ore: number;
  net_ore: number;
}

export interface PayeeStatementFigures {
  payee_id: string;
  opening_balance_ore: number;
  by_source: EarningsBreakdown[];
  by_item: EarningsBreakdown[];
  by_right: EarningsBreakdown[];
  gross_ore: number;
  fees_ore: number;
  net_earnings_ore: number;
  reserve_held_ore: number;
  reserve_released_ore: number;
  advances_ore: number;
  unrecouped_opening_ore: number;
  recouped_ore: number;
  unrecouped_closing_ore: number;
  /** opening + net earnings − reserve held + reserve released − recouped. */
  closing_balance_ore: number;
  /** Paid out: the positive closing balance, and only once every advance is recouped. */
  payable_ore: number;
  /** What the next period opens with: closing balance − payable. */
  carried_forward_ore: number;
  reserves_outstanding: HeldReserve[];
}

/**
 * A period's figures for every payee, from what they carried in, the advances paid, the reserve terms and
 * the period's allocated earnings. Pure and order-free: the same input (in any order) gives the same
 * statements, so closing again is harmless, and the figures are what the stored statements are built from.
 *
 * Order of operations per payee: net earnings (gross − fees); a reserve of the reserve percentage of
 * positive net earnings is held (rounded down, so never more than the percentage); reserves due this
 * period are released; what is available then recoups the advances outstanding; whatever is left is
 * payable only when no advance remains. A negative balance is carried, never paid.
 */
export function closePeriod(input: ClosePeriodInput): PayeeStatementFigures[] {
  const openings = byPayee(input.openings);
  const terms = byPayee(input.terms);
  const payeeIds = new Set<string>([
    ...input.openings.map((o) => o.payee_id),
    ...input.advances.map((a) => a.payee_id),
    ...input.earnings.map((e) => e.payee_id),
  ]);
  const earningsOf = groupBy(input.earnings, (e) => e.payee_id);
  const advancesOf = groupBy(input.advances, (a) => a.payee_id);

  return [...payeeIds].sort().map((payeeId) => {
    const opening = openings.get(payeeId) ?? {
      payee_id: payeeId,
      balance_ore: 0,
      unrecouped_ore: 0,
      reserves: [],
    };
    const entries = earningsOf.get(payeeId) ?? [];
    const gross = sum(entries, (e) => e.gross_ore);
    const fees = sum(entries, (e) => e.fee_ore);
    const net = sum(entries, (e) => e.net_ore);
    const term = terms.get(payeeId);

    const reserveHeld = term && net > 0 ? floorBasisPoints(net, term.reserve_bp) : 0;
    const due = opening.reserves.filter((r) => r.release_in <= input.period_index);
    const kept = opening.reserves.filter((r) => r.release_in > input.period_index);
    const reserveReleased = sum(due, (r) => r.amount_ore);
    const reserves =
      reserveHeld > 0 && term
        ? [
            ...kept,
            {
              held_in: input.period_index,
              release_in: input.period_index + Math.max(1, term.reserve_periods),
              amount_ore: reserveHeld,
            },
          ]
        : kept;

    const advances = sum(advancesOf.get(payeeId) ?? [], (a) => a.amount_ore);
    const outstanding = opening.unrecouped_ore + advances;
    const available = opening.balance_ore + net - reserveHeld + reserveReleased;
    const recouped = Math.min(Math.max(available, 0), outstanding);
    const closing = available - recouped;
    const unrecoupedClosing = outstanding - recouped;
    const payable = unrecoupedClosing === 0 && closing > 0 ? closing : 0;

    return {
      payee_id: payeeId,
      opening_balance_ore: opening.balance_ore,
      by_source: breakdown(entries, (e) => e.source_id),
      by_item: breakdown(entries, (e) => e.item_id),
      by_right: breakdown(entries, (e) => e.right),
      gross_ore: gross,
      fees_ore: fees,
      net_earnings_ore: net,
      reserve_held_ore: reserveHeld,
      reserve_released_ore: reserveReleased,
      advances_ore: advances,
      unrecouped_opening_ore: opening.unrecouped_ore,
      recouped_ore: recouped,
      unrecouped_closing_ore: unrecoupedClosing,
      closing_balance_ore: closing,
      payable_ore: payable,
      carried_forward_ore: closing - payable,
      reserves_outstanding: reserves.sort((a, b) => a.held_in - b.held_in || a.release_in - b.release_in),
    };
  });
}

/** amount × bp / 10 000 rounded down, in integers (a float division could round up across a whole öre). */
function floorBasisPoints(amount: number, bp: number): number {
  const product = amount * bp;
  return (product - (product % 10_000)) / 10_000;
}

/** What a closed period's statement hands to the next period. */
export const openingAfter = (statement: PayeeStatementFigures): PayeeOpening => ({
  payee_id: statement.payee_id,
  balance_ore: statement.carried_forward_ore,
  unrecouped_ore: statement.unrecouped_closing_ore,
  reserves: statement.reserves_outstanding,
});

function byPayee<T extends { payee_id: string }>(rows: readonly T[]): Map<string, T> {
  const map = new Map<string, T>();
  for (const row of rows) {
    if (map.has(row.payee_id)) throw new RangeError(`Payee ${row.payee_id} is listed twice`);
    map.set(row.payee_id, row);
  }
  return map;
}

function groupBy<T>(rows: readonly T[], keyOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

const sum = <T>(rows: readonly T[], value: (row: T) => number) =>
  rows.reduce((total, row) => total + value(row), 0);

function breakdown(
  entries: readonly EarningEntry[],
  keyOf: (entry: EarningEntry) => string,
): EarningsBreakdown[] {
  return [...groupBy(entries, keyOf)]
    .map(([key, group]) => ({
      key,
      gross_ore: sum(group, (e) => e.gross_ore),
      fee_ore: sum(group, (e) => e.fee_ore),
      net_ore: sum(group, (e) => e.net_ore),
    }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
