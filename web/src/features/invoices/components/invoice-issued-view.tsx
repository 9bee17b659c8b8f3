import { formatOre, formatQuantity, REVERSE_CHARGE_TEXT } from "@app/contracts";
import { useMutation } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { ConfirmDialog } from "@/components/form/confirm-dialog";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { type InvoiceRecord, useCreditInvoice } from "@/features/invoices/api/invoices";
import { InvoiceTotals } from "@/features/invoices/components/invoice-totals";
import { RecordPaymentForm } from "@/features/invoices/components/record-payment-form";
import { SendInvoiceForm } from "@/features/invoices/components/send-invoice-form";
import { downloadWithToken } from "@/lib/save-file";

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** An issued invoice as it was printed: read-only, with its payments, the balance and a credit. */
export function InvoiceIssuedView({ record }: { record: InvoiceRecord }) {
  const { invoice, lines, payments } = record;
  const navigate = useNavigate();
  const credit = useCreditInvoice();
  const [asking, setAsking] = useState(false);
  // The PDF is staff-only: fetched with the token, not followed as a link the browser sends without it.
  const pdf = useMutation({
    mutationFn: () => downloadWithToken(`/api/invoices/${invoice.id}/pdf`, "invoice.pdf"),
    meta: { errorMessage: "Could not download the PDF" },
  });
  const balanceOre = invoice.total_ore - invoice.paid_ore;
  const isCredit = invoice.kind === "credit";
  const canPay = !isCredit && ["issued", "partially_paid", "overdue"].includes(invoice.status);
  const canCredit = !isCredit && invoice.status !== "credited";
  const address = [
    invoice.buyer_street_address,
    [invoice.buyer_postal_code, invoice.buyer_city].filter(Boolean).join(" "),
  ]
    .filter(Boolean)
    .join(", ");

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" disabled={pdf.isPending} onClick={() => pdf.mutate()}>
          <Download aria-hidden="true" />
          Download PDF
        </Button>
        {canCredit ? (
          <Button type="button" variant="outline" onClick={() => setAsking(true)}>
            Credit invoice
          </Button>
        ) : null}
      </div>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Fact term="OCR reference">{invoice.ocr ?? "—"}</Fact>
        <Fact term="Issue date">{invoice.issue_date ?? "—"}</Fact>
        <Fact term="Due date">{invoice.due_date ?? "—"}</Fact>
        <Fact term="Buyer">{invoice.buyer_name}</Fact>
        <Fact term="Address">{address || "—"}</Fact>
        <Fact term="Buyer VAT number">{invoice.buyer_vat_number ?? "—"}</Fact>
        {invoice.reverse_charge ? <Fact term="VAT">{REVERSE_CHARGE_TEXT}</Fact> : null}
        {invoice.notes ? <Fact term="Notes">{invoice.notes}</Fact> : null}
      </dl>
      <div className="overflow-x-auto">
        <Table aria-label="Invoice lines">
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Description</TableHead>
              <TableHead scope="col" className="text-right">
                Quantity
              </TableHead>
              <TableHead scope="col" className="hidden text-right sm:table-cell">
                Unit price
              </TableHead>
              <TableHead scope="col" className="hidden text-right sm:table-cell">
                VAT
              </TableHead>
              <TableHead scope="col" className="text-right">
                Amount
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {lines.map((line) => (
              <TableRow key={line.id}>
                <TableCell className="break-words">
                  {line.description}
                  {line.exempt_reference ? (
                    <span className="block text-xs text-muted-foreground">{line.exempt_reference}</span>
                  ) : null}
                </TableCell>
                <TableCell className="whitespace-nowrap text-right">
                  {formatQuantity(line.quantity_milli)} {line.unit}
                </TableCell>
                <TableCell className="hidden whitespace-nowrap text-right sm:table-cell">
                  {formatOre(line.unit_price_ore)}
                </TableCell>
                <TableCell className="hidden text-right sm:table-cell">{line.vat_rate} %</TableCell>
                <TableCell className="whitespace-nowrap text-right">{formatOre(line.amount_ore)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <div className="max-w-md">
        <InvoiceTotals
          label="Totals"
          totals={{ ...invoice, by_rate: invoice.vat_breakdown }}
          reverseCharge={invoice.reverse_charge}
        />
      </div>
      {isCredit ? null : (
        <section aria-labelledby="payments-heading" className="grid gap-3">
          <h2 id="payments-heading" className="text-lg font-semibold">
            Payments
          </h2>
          {payments.length === 0 ? (
            <p className="text-sm text-muted-foreground">No payments recorded yet.</p>
          ) : (
            <ul aria-label="Payments received" className="grid gap-1 text-sm tabular-nums">
              {payments.map((payment) => (
                <li key={payment.id}>
                  {payment.paid_on}: {formatOre(payment.amount_ore)}
                </li>
              ))}
            </ul>
          )}
          <p className="text-sm">
            Paid {formatOre(invoice.paid_ore)} of {formatOre(invoice.total_ore)}.{" "}
            <strong>Balance: {formatOre(balanceOre)}</strong>
          </p>
          {canPay ? <RecordPaymentForm invoice={invoice} balanceOre={balanceOre} /> : null}
        </section>
      )}
      <section aria-labelledby="mail-heading" className="grid gap-3">
        <h2 id="mail-heading" className="text-lg font-semibold">
          Mail to the buyer
        </h2>
        <SendInvoiceForm invoice={invoice} />
      </section>
      {asking ? (
        <ConfirmDialog
          title="Credit this invoice?"
          description="A credit invoice that nets this one to zero is issued with the next number. This cannot be undone."
          confirmLabel="Issue credit invoice"
          isDestructive
          isPending={credit.isPending}
          error={credit.error}
          onConfirm={() =>
            credit.mutate(invoice.id, { onSuccess: (created) => navigate(`/app/invoices/${created.id}`) })
          }
          onClose={() => setAsking(false)}
        />
      ) : null}
    </div>
  );
}
