import { useId, useState } from "react";
import { FormProblem } from "@/components/form/form-problem";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { type Invoice, useSendInvoice, useSendReminder } from "@/features/invoices/api/invoices";
import { describeApiError } from "@/lib/api-errors";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Mails the issued invoice (its PDF attached) to the buyer; an overdue one can get a reminder instead,
 * with the 450 kr late-payment compensation a business buyer owes.
 */
export function SendInvoiceForm({ invoice }: { invoice: Invoice }) {
  const id = useId();
  const send = useSendInvoice();
  const remind = useSendReminder();
  const [email, setEmail] = useState(invoice.buyer_email ?? "");
  const [withCompensation, setWithCompensation] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const isOverdue = invoice.status === "overdue";
  const isBusy = send.isPending || remind.isPending;

  function submit(kind: "invoice" | "reminder") {
    const address = email.trim();
    if (!EMAIL.test(address)) {
      setProblem("Enter the buyer's e-mail address");
      return;
    }
    setProblem(null);
    const onError = (error: unknown) => setProblem(describeApiError(error));
    if (kind === "invoice") send.mutate({ invoice_id: invoice.id, email: address }, { onError });
    else {
      remind.mutate(
        { invoice_id: invoice.id, email: address, include_compensation: withCompensation },
        { onError },
      );
    }
  }

  return (
    <form
      noValidate
      aria-label="Mail the invoice"
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit("invoice");
      }}
    >
      <div className="grid min-w-0 gap-1">
        <Label htmlFor={`${id}-email`}>Buyer's e-mail</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          value={email}
          aria-describedby={problem ? `${id}-problem` : undefined}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      {isOverdue && invoice.buyer_is_business ? (
        <div className="flex items-center gap-2">
          <input
            id={`${id}-compensation`}
            type="checkbox"
            className="size-4"
            checked={withCompensation}
            onChange={(event) => setWithCompensation(event.target.checked)}
          />
          <Label htmlFor={`${id}-compensation`}>Add the 450 kr late-payment compensation</Label>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isBusy}>
          Send invoice
        </Button>
        {isOverdue ? (
          <Button type="button" variant="outline" disabled={isBusy} onClick={() => submit("reminder")}>
            Send reminder
          </Button>
        ) : null}
      </div>
      <FormProblem id={`${id}-problem`} problem={problem} />
    </form>
  );
}
