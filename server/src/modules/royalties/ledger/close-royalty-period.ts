import { randomUUID } from "node:crypto";
import { type RoyaltyPeriodReport, tables } from "@app/contracts";
import type { Database, Db } from "../../../db/database";
import { engineOf } from "../../../db/engine-of";
import { toApiRow, toStoredRow } from "../../../db/stored-values";
import type { PayeeStatementFigures } from "../allocation/close-period";
import { markAdvancesCounted } from "./advances";
import type { RoyaltyCatalogue } from "./catalogue";
import { type PeriodFigures, periodFigures } from "./period-report";
import { findPeriod, type PeriodRow } from "./periods";

/** A statement row as stored, from the engine's figures. */
function statementRow(
  periodId: string,
  figures: PayeeStatementFigures,
  selfBillingNumber: string | null,
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
    self_billing_number: selfBillingNumber,
    created_at: at,
  };
}

/**
 * The next self-billing invoice number of each payee the business pays VAT on (a VAT-registered writer):
 * a series of its own per payee, counted over their earlier numbered statements, so the numbers run
 * without gaps. Only a payable statement is an invoice.
 */
async function selfBillingNumbers(trx: Db, catalogue: RoyaltyCatalogue, statements: PayeeStatementFigures[]) {
  const payable = statements.filter((s) => s.payable_ore > 0).map((s) => s.payee_id);
  const vatRegistered = (await catalogue.terms(trx, payable))
    .filter((t) => t.vat_registered)
    .map((t) => t.payee_id);
  const numbers = new Map<string, string>();
  for (const payeeId of vatRegistered) {
    const earlier = await trx
      .selectFrom("royalty_statements")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("payee_id", "=", payeeId)
      .where("self_billing_number", "is not", null)
      .executeTakeFirstOrThrow();
    numbers.set(payeeId, `SB-${String(Number(earlier.n) + 1).padStart(4, "0")}`);
  }
  return numbers;
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
    const numbers = await selfBillingNumbers(trx, catalogue, figures.statements);
    const rows = figures.statements.map((s) =>
      statementRow(period.id, s, numbers.get(s.payee_id) ?? null, at),
    );
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
      toApiRow(tables.royalty_statements, { ...statementRow(period.id, s, null, at) }),
    );
    return report(period, statements, figures);
  });
}
