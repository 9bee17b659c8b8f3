import { formatOre, invoiceTotals, lineAmountOre } from "@app/contracts";
import { useWatch } from "react-hook-form";
import { fieldsFor } from "@/components/form/fields";
import { RowListEditor } from "@/components/form/row-list-editor";
import { InvoiceTotals } from "@/features/invoices/components/invoice-totals";
import {
  type DraftFormValues,
  emptyLine,
  moneyLineOf,
  VAT_RATE_OPTIONS,
} from "@/features/invoices/utils/draft-form";

const { TextField, SelectField } = fieldsFor<DraftFormValues>();

/** The totals as the typed lines come to, by the same rules the server issues with. */
function LiveTotals() {
  const [lines, reverseCharge, roundToKronor] = useWatch<
    DraftFormValues,
    ["lines", "reverse_charge", "round_to_kronor"]
  >({ name: ["lines", "reverse_charge", "round_to_kronor"] });
  const moneyLines = lines.map(moneyLineOf);
  const complete = moneyLines.filter((line) => line !== null);
  const totals = invoiceTotals(complete, { reverseCharge, roundToKronor });
  return (
    <div aria-live="polite" className="grid gap-2">
      {complete.length < moneyLines.length ? (
        <p className="text-sm text-muted-foreground">
          Lines without a quantity and price are not counted yet.
        </p>
      ) : null}
      <InvoiceTotals label="Totals" totals={totals} reverseCharge={reverseCharge} />
    </div>
  );
}

function LineAmount({ index }: { index: number }) {
  const line = useWatch<DraftFormValues, `lines.${number}`>({ name: `lines.${index}` });
  const money = line ? moneyLineOf(line) : null;
  return (
    <p className="text-sm tabular-nums">
      <span className="text-muted-foreground">Line {index + 1} amount: </span>
      {money ? formatOre(lineAmountOre(money)) : "—"}
    </p>
  );
}

/** A draft's lines: what is sold, how much, at what price and VAT rate; totals follow as they are typed. */
export function DraftLinesEditor() {
  return (
    <RowListEditor<DraftFormValues, "lines">
      name="lines"
      legend="Lines"
      rowLabel={(index) => `line ${index + 1}`}
      removeStyle="text"
      addLabel="Add line"
      newRow={emptyLine}
      emptyText="No lines yet."
      className="rounded-md border p-3"
      listClassName="gap-4"
      rowClassName="grid gap-2 rounded-md bg-muted/40 p-2"
      renderRow={({ index, prefix, controls }) => (
        <>
          <TextField
            name={`${prefix}.description`}
            label={`Line ${index + 1} description`}
            className="gap-1"
          />
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            <TextField
              name={`${prefix}.quantity`}
              label={`Line ${index + 1} quantity`}
              inputMode="decimal"
              className="min-w-0 gap-1"
            />
            <TextField name={`${prefix}.unit`} label={`Line ${index + 1} unit`} className="min-w-0 gap-1" />
            <TextField
              name={`${prefix}.unit_price`}
              label={`Line ${index + 1} unit price (kr)`}
              inputMode="decimal"
              className="min-w-0 gap-1"
            />
            <SelectField
              name={`${prefix}.vat_rate`}
              label={`Line ${index + 1} VAT`}
              options={VAT_RATE_OPTIONS}
              className="min-w-0 gap-1"
            />
          </div>
          <TextField
            name={`${prefix}.exempt_reference`}
            label={`Line ${index + 1} exemption reference`}
            isOptional
            className="gap-1"
          />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <LineAmount index={index} />
            {controls}
          </div>
        </>
      )}
    >
      <LiveTotals />
    </RowListEditor>
  );
}
