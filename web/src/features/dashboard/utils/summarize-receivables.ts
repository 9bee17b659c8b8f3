/** An invoice still owed on: what it totals and what has been paid of it, both in öre. */
export type OpenInvoice = { total_ore: number; paid_ore: number; status: string };

export type Receivables = { outstandingOre: number; overdueOre: number; paidThisMonthOre: number };

/**
 * The Receivables card's figures, in whole öre: what issued invoices still have owing, how much of that is
 * past its due date, and what came in this month. Sums of integers, so the card adds up to the öre.
 */
export function summarizeReceivables(
  open: readonly OpenInvoice[],
  paymentsThisMonth: readonly { amount_ore: number }[],
): Receivables {
  let outstandingOre = 0;
  let overdueOre = 0;
  for (const invoice of open) {
    const owing = invoice.total_ore - invoice.paid_ore;
    outstandingOre += owing;
    if (invoice.status === "overdue") overdueOre += owing;
  }
  const paidThisMonthOre = paymentsThisMonth.reduce((sum, payment) => sum + payment.amount_ore, 0);
  return { outstandingOre, overdueOre, paidThisMonthOre };
}
