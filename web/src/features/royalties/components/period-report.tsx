import { formatOre, type RoyaltyPeriodReport } from "@app/contracts";
import { FigureList } from "@/features/royalties/components/figure-list";

/** What closing a period pays and holds: the money in, the payees' earnings, and the suspense. */
export function PeriodReport({ report }: { report: RoyaltyPeriodReport }) {
  const earnings = report.statements.reduce((sum, statement) => sum + statement.earnings_ore, 0);
  const payable = report.statements.reduce((sum, statement) => sum + statement.payable_ore, 0);
  const figures = [
    ["Received", formatOre(report.received_ore)],
    ["Payees' earnings", formatOre(earnings)],
    ["Payable", formatOre(payable)],
    ["In suspense", formatOre(report.suspense.total_ore)],
  ] as const;
  return (
    <section aria-label={`Preview of ${report.period.name}`} className="rounded-lg border p-4">
      <p className="font-medium">
        {report.period.name}: {report.statements.length}{" "}
        {report.statements.length === 1 ? "statement" : "statements"}
      </p>
      <FigureList figures={figures} />
      {report.suspense.unmatched_lines + report.suspense.unsplit_lines > 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">
          {report.suspense.unmatched_lines} unmatched and {report.suspense.unsplit_lines} unsplit lines are
          held in suspense.
        </p>
      ) : null}
    </section>
  );
}
