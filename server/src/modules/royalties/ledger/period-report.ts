import type { RoyaltyPeriodReport } from "@app/contracts";
import { sql } from "kysely";
import type { Db } from "../../../db/database";
import { AppError } from "../../../http/app-error";
import { allocateLine } from "../allocation/allocate-line";
import {
  type ClosePeriodInput,
  closePeriod,
  type EarningEntry,
  type PayeeOpening,
  type PayeeStatementFigures,
} from "../allocation/close-period";
import { advancesToCount } from "./advances";
import type { DatedSplit, PayeeSplit, RoyaltyCatalogue } from "./catalogue";
import type { PeriodRow } from "./periods";

type Suspense = RoyaltyPeriodReport["suspense"];

/** The period's money by source, work or recording, and right: what allocation divides. */
async function moneyOfPeriod(trx: Db, periodId: string) {
  const rows = await trx
    .selectFrom("royalty_lines as l")
    .innerJoin("royalty_imports as i", "i.id", "l.import_id")
    .select([
      "i.source_id",
      "l.work_id",
      "l.recording_id",
      "l.right_type",
      "l.usage_period",
      sql<string>`sum(l.amount_ore)`.as("amount_ore"),
      sql<string>`count(*)`.as("lines"),
    ])
    .where("i.period_id", "=", periodId)
    .groupBy(["i.source_id", "l.work_id", "l.recording_id", "l.right_type", "l.usage_period"])
    .execute();
  return rows.map((r) => ({ ...r, amount_ore: Number(r.amount_ore), lines: Number(r.lines) }));
}

/**
 * What each payee carries in: the latest statement of theirs in a period closed before this one starts.
 * Periods close in order of their days, so the latest is the one that ends last.
 */
async function openingsBefore(trx: Db, period: PeriodRow): Promise<PayeeOpening[]> {
  const rows = await trx
    .selectFrom("royalty_statements as s")
    .innerJoin("royalty_periods as p", "p.id", "s.period_id")
    .select([
      "s.payee_id",
      "s.carried_forward_ore",
      "s.unrecouped_ore",
      "s.reserves_outstanding",
      "p.ends_on",
    ])
    .where("p.status", "=", "closed")
    .where("p.ends_on", "<", period.starts_on)
    .orderBy("p.ends_on", "desc")
    .execute();
  const latest = new Map<string, PayeeOpening>();
  for (const r of rows)
    if (!latest.has(r.payee_id))
      latest.set(r.payee_id, {
        payee_id: r.payee_id,
        balance_ore: Number(r.carried_forward_ore),
        unrecouped_ore: Number(r.unrecouped_ore),
        reserves:
          typeof r.reserves_outstanding === "string"
            ? JSON.parse(r.reserves_outstanding)
            : (r.reserves_outstanding as PayeeOpening["reserves"]),
      });
  return [...latest.values()];
}

/** The period's place in the sequence of all periods, by first day: reserves are released by it. */
async function indexOf(trx: Db, period: PeriodRow): Promise<number> {
  const row = await trx
    .selectFrom("royalty_periods")
    .select(sql<string>`count(*)`.as("n"))
    .where("starts_on", "<", period.starts_on)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The day a line's money was earned: its usage period's first day when the statement gives one
 * (`2026-03`, `2026-03-15`), else the statement period's first day.
 */
function usageDay(usagePeriod: string | null, period: PeriodRow): string {
  const found = /^(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(usagePeriod ?? "");
  return found ? `${found[1]}-${found[2]}-${found[3] ?? "01"}` : String(period.starts_on).slice(0, 10);
}

/** The split of the sheet in force on the day: the latest whose day is on or before it. */
function splitInForce(dated: DatedSplit[] | undefined, day: string): PayeeSplit {
  if (!dated || dated.length === 0) return { held: "The work has no fully signed split sheet" };
  const inForce = dated.filter((d) => d.from <= day).at(-1);
  return inForce?.split ?? { held: `No fully signed split sheet of the work is in force on ${day}` };
}

export interface PeriodFigures {
  received_ore: number;
  statements: PayeeStatementFigures[];
  suspense: Suspense;
  /** The advances the statements count: closing the period stamps them as counted. */
  advance_ids: string[];
}

/**
 * A period's statements as closing it would make them: its matched money divided among each work's
 * writers by their manuscript shares on the fully signed split (and each recording's master payees by
 * theirs), less fees, through the allocation engine; money with no match, or of a work without a signed
 * split, stays in suspense and is never paid. The parts plus suspense are exactly the money received:
 * anything else is a bug, and nothing is written then.
 */
export async function periodFigures(
  trx: Db,
  catalogue: RoyaltyCatalogue,
  period: PeriodRow,
): Promise<PeriodFigures> {
  const groups = await moneyOfPeriod(trx, period.id);
  const workIds = [...new Set(groups.flatMap((g) => (g.work_id ? [g.work_id] : [])))];
  const recordingIds = [...new Set(groups.flatMap((g) => (g.recording_id ? [g.recording_id] : [])))];
  const splits = await catalogue.splits(trx, { workIds, recordingIds });
  const suspense: Suspense = {
    unmatched_ore: 0,
    unmatched_lines: 0,
    unsplit_ore: 0,
    unsplit_lines: 0,
    held: [],
    total_ore: 0,
  };
  const held = new Map<string, Suspense["held"][number]>();
  const earnings: EarningEntry[] = [];
  let received = 0;
  for (const g of groups) {
    received += g.amount_ore;
    const itemId = g.work_id ?? g.recording_id;
    if (!itemId) {
      suspense.unmatched_ore += g.amount_ore;
      suspense.unmatched_lines += g.lines;
      continue;
    }
    const split: PayeeSplit = g.work_id
      ? splitInForce(splits.works.get(g.work_id), usageDay(g.usage_period, period))
      : (splits.recordings.get(itemId) ?? { held: "The recording has no payees" });
    if ("held" in split || split.shares.length === 0) {
      suspense.unsplit_ore += g.amount_ore;
      suspense.unsplit_lines += g.lines;
      const entry = held.get(itemId) ?? {
        work_id: g.work_id,
        recording_id: g.recording_id,
        amount_ore: 0,
        reason: "held" in split ? split.held : "No payee has a share",
      };
      entry.amount_ore += g.amount_ore;
      held.set(itemId, entry);
      continue;
    }
    const right = g.right_type ?? (g.recording_id ? "master" : "unspecified");
    for (const part of allocateLine(g.amount_ore, split.shares))
      earnings.push({ ...part, source_id: g.source_id, item_id: itemId, right });
  }
  suspense.held = [...held.values()].sort((a, b) => b.amount_ore - a.amount_ore);
  suspense.total_ore = suspense.unmatched_ore + suspense.unsplit_ore;

  const openings = await openingsBefore(trx, period);
  const advances = await advancesToCount(trx, period);
  const payeeIds = [...new Set([...openings, ...advances, ...earnings].map((entry) => entry.payee_id))];
  const input: ClosePeriodInput = {
    period_index: await indexOf(trx, period),
    openings,
    terms: await catalogue.terms(trx, payeeIds),
    advances,
    earnings,
  };
  const statements = closePeriod(input);
  const allocated = statements.reduce((sum, s) => sum + s.gross_ore, 0);
  if (allocated + suspense.total_ore !== received)
    throw new AppError("internal_error", "The period's statements do not add up to the money received", {
      details: `received ${received}, allocated ${allocated}, suspense ${suspense.total_ore}`,
    });
  return { received_ore: received, statements, suspense, advance_ids: advances.map((a) => a.id) };
}
