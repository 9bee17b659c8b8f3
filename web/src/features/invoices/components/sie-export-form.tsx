import { stockholmDay } from "@app/contracts/stockholm-time";
import { useMutation } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useId, useState } from "react";
import { FormProblem } from "@/components/form/form-problem";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { describeApiError } from "@/lib/api-errors";
import { downloadWithToken } from "@/lib/save-file";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** This month so far in Stockholm: the period an accountant most often asks for. */
function thisMonth(): { from: string; to: string } {
  const today = stockholmDay(Date.now());
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** The SIE 4 file of a period's issued invoices, credits and payments, for the accountant's ledger. */
export function SieExportForm() {
  const id = useId();
  const [period, setPeriod] = useState(thisMonth);
  const [problem, setProblem] = useState<string | null>(null);
  const download = useMutation({
    mutationFn: ({ from, to }: { from: string; to: string }) =>
      downloadWithToken(`/api/invoices/sie?from=${from}&to=${to}`, `invoices-${from}-${to}.se`),
    onError: (error) => setProblem(describeApiError(error)),
  });
  return (
    <form
      noValidate
      aria-label="Export to the accountant (SIE 4)"
      className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        if (!DAY.test(period.from) || !DAY.test(period.to) || period.from > period.to) {
          setProblem("Choose a first and a last day, the first not after the last");
          return;
        }
        setProblem(null);
        download.mutate(period);
      }}
    >
      <div className="grid min-w-0 gap-1">
        <Label htmlFor={`${id}-from`}>From</Label>
        <Input
          id={`${id}-from`}
          type="date"
          value={period.from}
          onChange={(event) => setPeriod((p) => ({ ...p, from: event.target.value }))}
        />
      </div>
      <div className="grid min-w-0 gap-1">
        <Label htmlFor={`${id}-to`}>To</Label>
        <Input
          id={`${id}-to`}
          type="date"
          value={period.to}
          onChange={(event) => setPeriod((p) => ({ ...p, to: event.target.value }))}
        />
      </div>
      <Button type="submit" variant="outline" disabled={download.isPending}>
        <Download aria-hidden="true" />
        Download SIE
      </Button>
      <div className="sm:col-span-3">
        <FormProblem id={`${id}-problem`} problem={problem} />
      </div>
    </form>
  );
}
