import { formatOre } from "@app/contracts";
import { stockholmDay } from "@app/contracts/stockholm-time";
import { useId, useState } from "react";
import { FormProblem } from "@/components/form/form-problem";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { type Invoice, useRecordPayment } from "@/features/invoices/api/invoices";
import { describeApiError } from "@/lib/api-errors";
import { parseKronor } from "@/lib/money-input";

/** Today in Stockholm: the day a payment is usually recorded on. */
const stockholmToday = () => stockholmDay(Date.now());

/** A payment received: its amount in kronor (read exactly into öre) and the day it came. */
export function RecordPaymentForm({ invoice, balanceOre }: { invoice: Invoice; balanceOre: number }) {
  const id = useId();
  const record = useRecordPayment();
  const [amount, setAmount] = useState("");
  const [paidOn, setPaidOn] = useState(stockholmToday);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      noValidate
      aria-label="Record payment"
      className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        const amountOre = parseKronor(amount, Number.MAX_SAFE_INTEGER);
        if (amountOre === null || amountOre <= 0) {
          setProblem("Enter the amount in kronor, such as 1250,50");
          return;
        }
        if (amountOre > balanceOre) {
          setProblem(`That is more than the ${formatOre(balanceOre)} still owed`);
          return;
        }
        if (!/^\d{4}-\d{2}-\d{2}$/.test(paidOn)) {
          setProblem("Enter the day the payment came");
          return;
        }
        setProblem(null);
        record.mutate(
          { invoice_id: invoice.id, amount_ore: amountOre, paid_on: paidOn },
          {
            onSuccess: () => setAmount(""),
            onError: (error) => setProblem(describeApiError(error)),
          },
        );
      }}
    >
      <div className="grid min-w-0 gap-1">
        <Label htmlFor={`${id}-amount`}>Amount (kr)</Label>
        <Input
          id={`${id}-amount`}
          inputMode="decimal"
          value={amount}
          aria-describedby={problem ? `${id}-problem` : undefined}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => setAmount(event.target.value)}
        />
      </div>
      <div className="grid min-w-0 gap-1">
        <Label htmlFor={`${id}-date`}>Paid on</Label>
        <Input
          id={`${id}-date`}
          type="date"
          value={paidOn}
          onChange={(event) => setPaidOn(event.target.value)}
        />
      </div>
      <Button type="submit" disabled={record.isPending}>
        Record payment
      </Button>
      <div className="sm:col-span-3">
        <FormProblem id={`${id}-problem`} problem={problem} />
      </div>
    </form>
  );
}
