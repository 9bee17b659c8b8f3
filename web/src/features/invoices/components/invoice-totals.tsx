import { formatOre } from "@app/contracts";

type Figures = {
  by_rate: readonly { vat_rate: number; taxable_ore: number; vat_ore: number }[];
  net_ore: number;
  vat_ore: number;
  rounding_ore: number;
  total_ore: number;
};

type InvoiceTotalsProps = { totals: Figures; reverseCharge: boolean; label: string };

/** The taxable amount and VAT per rate, the öresavrundning when there is one, and the total. */
export function InvoiceTotals(props: InvoiceTotalsProps) {
  const { totals, reverseCharge, label } = props;
  const {
    by_rate: byRate,
    net_ore: netOre,
    vat_ore: vatOre,
    rounding_ore: roundingOre,
    total_ore: totalOre,
  } = totals;
  return (
    <section aria-label={label}>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm tabular-nums">
        {byRate.map((rate) => (
          <div key={rate.vat_rate} className="contents">
            <dt className="text-muted-foreground">
              VAT {rate.vat_rate} % on {formatOre(rate.taxable_ore)}
            </dt>
            <dd className="text-right">{formatOre(rate.vat_ore)}</dd>
          </div>
        ))}
        <dt className="text-muted-foreground">Net</dt>
        <dd className="text-right">{formatOre(netOre)}</dd>
        <dt className="text-muted-foreground">
          VAT{reverseCharge ? " (reverse charge: the buyer accounts for it)" : ""}
        </dt>
        <dd className="text-right">{formatOre(vatOre)}</dd>
        {roundingOre !== 0 ? (
          <>
            <dt className="text-muted-foreground">Rounding</dt>
            <dd className="text-right">{formatOre(roundingOre)}</dd>
          </>
        ) : null}
        <dt className="font-semibold">Total</dt>
        <dd className="text-right font-semibold">{formatOre(totalOre)}</dd>
      </dl>
    </section>
  );
}
