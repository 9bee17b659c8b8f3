import { randomUUID } from "node:crypto";
import { type RoyaltyPeriodReport, tables, vatOre } from "@app/contracts";
import type { Database, Db } from "../../../db/database";
import { engineOf } from "../../../db/engine-of";
import { toApiRow, toStoredRow } from "../../../db/stored-values";
import { AppError } from "../../../http/app-error";
import type { PayeeStatementFigures } from "../allocation/close-period";
import { markAdvancesCounted } from "./advances";
import type { RoyaltyCatalogue } from "./catalogue";
import { type PeriodFigures, periodFigures } from "./period-report";
import { findPeriod, type PeriodRow } from "./periods";

/** What a self-billing invoice adds to a payable statement of a VAT-registered payee. */
interface SelfBilling {
  number: string;
  seller_name: string;
  seller_vat_number: string;
  vat_ore: number;
}

/** A statement row as stored, from the engine's figures. */
function statementRow(
  periodId: string,
  figures: PayeeStatementFigures,
  bill: SelfBilling | undefined,
  at: string,
) {
  return {
    id: randomUUID(),
    period_id: periodId,
    payee_id: figures.payee_id,
    opening_balance_ore: figures.opening_balance_ore,
    earnings_ore: figures.gross_ore,
    fee_ore: figures.fees_ore,
    reserve_held_ore: figures.reserve_held_ore,
    reserve_released_ore: figures.reserve_released_ore,
    advances_ore: figures.advances_ore,
    recouped_ore: figures.recouped_ore,
    unrecouped_ore: figures.unrecouped_closing_ore,
    closing_balance_ore: figures.closing_balance_ore,
    payable_ore: figures.payable_ore,
    carried_forward_ore: figures.carried_forward_ore,
    breakdown: { by_source: figures.by_source, by_item: figures.by_item, by_right: figures.by_right },
    reserves_outstanding: figures.reserves_outstanding,
    self_billing_number: bill?.number ?? null,
    seller_name: bill?.seller_name ?? null,
    seller_vat_number: bill?.seller_vat_number ?? null,
    vat_ore: bill?.vat_ore ?? 0,
    created_at: at,
  };
}

/** Copyright royalties carry 6 % VAT (ML's reduced rate for the transfer or licence of copyright). */
const ROYALTY_VAT_RATE = 6;

/**
 * The self-billing invoice of each payable statement whose payee the business pays VAT to (a
 * VAT-registered writer): the next number of a series of the payee's own, counted over their earlier
 * numbered statements so the numbers run without gaps, the seller as the invoice names them, and 6 % VAT
 * on what is payable. A payee without a VAT number cannot be invoiced, so the close is refused and
 * nothing is written.
 */
async function selfBillings(trx: Db, catalogue: RoyaltyCatalogue, statements: PayeeStatementFigures[]) {
  const payable = new Map(
    statements.filter((s) => s.payable_ore > 0).map((s) => [s.payee_id, s.payable_ore]),
  );
  const sellers = (await catalogue.terms(trx, [...payable.keys()])).filter((t) => t.vat_registered);
  const unnumbered = sellers.filter((t) => !t.vat_number).map((t) => t.name);
  if (unnumbered.length > 0)
    throw new AppError("royalty_payee_vat_number", "A VAT-registered payee has no VAT number", {
      details: `Give ${unnumbered.join(", ")} a VAT number: their self-billing invoice must name it`,
    });
  const bills = new Map<string, SelfBilling>();
  for (const seller of sellers) {
    const earlier = await trx
      .selectFrom("royalty_statements")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("payee_id", "=", seller.payee_id)
      .where("self_billing_number", "is not", null)
      .executeTakeFirstOrThrow();
    bills.set(seller.payee_id, {
      number: `SB-${String(Number(earlier.n) + 1).padStart(4, "0")}`,
      seller_name: seller.name,
      seller_vat_number: seller.vat_number as string,
      vat_ore: vatOre(payable.get(seller.payee_id) as number, ROYALTY_VAT_RATE),
    });
  }
  return bills;
}

async function statementsOf(trx: Db, periodId: string) {
  const rows = await trx
    .selectFrom("royalty_statements")
    .selectAll()
    .where("period_id", "=", periodId)
    .orderBy("payee_id")
    .execute();
  return rows.map((r) => toApiRow(tables.royalty_statements, r));
}

const periodRow = (period: PeriodRow) => toApiRow(tables.royalty_periods, period);

function report(
  period: PeriodRow,
  statements: RoyaltyPeriodReport["statements"],
  figures: Omit<PeriodFigures, "statements" | "advance_ids">,
): RoyaltyPeriodReport {
  return {
    period: periodRow(period),
    received_ore: figures.received_ore,
    statements,
    suspense: figures.suspense,
  };
}

/** A closed period's report as it was closed: its stored statements and suspense. */
async function closedReport(trx: Db, period: PeriodRow): Promise<RoyaltyPeriodReport> {
  const row = periodRow(period);
  return {
    period: row,
    received_ore: Number(row.received_ore),
    statements: await statementsOf(trx, period.id),
    suspense: row.suspense as RoyaltyPeriodReport["suspense"],
  };
}

/**
 * close_royalty_period: the period's statements written, the advances they count stamped with the period,
 * and the period closed, in one transaction. A
 * closed period answers the statements it was closed with and writes nothing, so closing twice is
 * harmless.
 */
export function closeRoyaltyPeriod(db: Database, catalogue: RoyaltyCatalogue, periodId: string, at: string) {
  return db.withTransaction(async (trx) => {
    const period = await findPeriod(trx, periodId);
    if (period.status === "closed") return closedReport(trx, period);
    const figures = await periodFigures(trx, catalogue, period);
    const bills = await selfBillings(trx, catalogue, figures.statements);
    const rows = figures.statements.map((s) => statementRow(period.id, s, bills.get(s.payee_id), at));
    const engine = engineOf(trx);
    for (const row of rows)
      await trx
        .insertInto("royalty_statements")
        .values(toStoredRow(tables.royalty_statements, row, engine))
        .execute();
    await markAdvancesCounted(trx, figures.advance_ids, period.id, at);
    const closed = await trx
      .updateTable("royalty_periods")
      .set(
        toStoredRow(
          tables.royalty_periods,
          {
            status: "closed" as const,
            received_ore: figures.received_ore,
            suspense_ore: figures.suspense.total_ore,
            suspense: figures.suspense,
            closed_at: at,
            updated_at: at,
          },
          engine,
        ),
      )
      .where("id", "=", period.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return report(closed, await statementsOf(trx, period.id), figures);
  });
}

/**
 * preview_royalty_period: the statements a close would write now, written nowhere; an open period is
 * marked previewed. A closed period answers its statements as closed.
 */
export function previewRoyaltyPeriod(
  db: Database,
  catalogue: RoyaltyCatalogue,
  periodId: string,
  at: string,
) {
  return db.withTransaction(async (trx) => {
    const found = await findPeriod(trx, periodId);
    if (found.status === "closed") return closedReport(trx, found);
    const figures = await periodFigures(trx, catalogue, found);
    const period =
      found.status === "open"
        ? await trx
            .updateTable("royalty_periods")
            .set({ status: "previewed", updated_at: at })
            .where("id", "=", found.id)
            .returningAll()
            .executeTakeFirstOrThrow()
        : found;
    const statements = figures.statements.map((s) =>
      toApiRow(tables.royalty_statements, { ...statementRow(period.id, s, undefined, at) }),
    );
    return report(period, statements, figures);
  });
}
