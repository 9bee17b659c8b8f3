import { formatOre, INVOICE_STATUSES, type InvoiceStatus } from "@app/contracts";
import { Plus, ReceiptText } from "lucide-react";
import { useId, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Label } from "@/components/ui/label";
import { ListState } from "@/components/ui/list-state";
import { NativeSelect } from "@/components/ui/native-select";
import { PageHeading } from "@/components/ui/page-heading";
import { SearchInput } from "@/components/ui/search-input";
import { SearchRegion } from "@/components/ui/search-region";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { type InvoiceFilters, useCreateInvoice, useInvoices } from "@/features/invoices/api/invoices";
import {
  INVOICE_STATUS_LABELS,
  InvoiceStatusBadge,
} from "@/features/invoices/components/invoice-status-badge";
import { SieExportForm } from "@/features/invoices/components/sie-export-form";
import { invoiceLabel } from "@/lib/invoice-label";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useSearchDraft } from "@/lib/use-search-draft";

const ALL: InvoiceFilters = { status: "all", buyer: "" };

export function InvoicesPage() {
  useDocumentTitle("Invoices");
  const id = useId();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<InvoiceFilters>(ALL);
  const [buyer, setBuyer, flushBuyer] = useSearchDraft(filters.buyer, (text) =>
    setFilters((f) => ({ ...f, buyer: text })),
  );
  const invoices = useInvoices(filters);
  const create = useCreateInvoice();
  const rows = invoices.data ?? [];
  const filtered = filters.status !== "all" || filters.buyer.trim() !== "";
  const newDraft = () =>
    create.mutate({ buyer_name: "New buyer" }, { onSuccess: (row) => navigate(`/app/invoices/${row.id}`) });
  const newButton = (
    <Button type="button" onClick={newDraft} disabled={create.isPending}>
      <Plus aria-hidden="true" />
      New invoice
    </Button>
  );
  const actions = (
    <div className="flex flex-wrap gap-2">
      <Button asChild variant="outline">
        <Link to="/app/invoices/uninvoiced">Approved but not invoiced</Link>
      </Button>
      {newButton}
    </div>
  );

  return (
    <div className="grid gap-6">
      <PageHeading
        title="Invoices"
        description="Drafts, issued invoices, payments and credits, in Swedish kronor."
        actions={actions}
      />
      <SearchRegion aria-label="Filter invoices" className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <NativeSelect
            id={`${id}-status`}
            value={filters.status}
            onChange={(e) => setFilters((f) => ({ ...f, status: e.target.value as InvoiceStatus | "all" }))}
          >
            <option value="all">All statuses</option>
            {INVOICE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {INVOICE_STATUS_LABELS[status]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-buyer`}>Buyer</Label>
          <SearchInput
            id={`${id}-buyer`}
            value={buyer}
            onChange={(e) => setBuyer(e.target.value)}
            onBlur={flushBuyer}
          />
        </div>
      </SearchRegion>
      <ListState
        read={invoices}
        loading="Loading the invoices"
        failed="Failed to load the invoices."
        isEmpty={rows.length === 0}
        empty={
          <EmptyState
            icon={ReceiptText}
            title={filtered ? "No invoices match" : "No invoices yet"}
            description={
              filtered
                ? "Try another status or buyer."
                : "Start a draft, add its lines, then issue it when it is ready."
            }
          >
            {filtered ? (
              <Button
                type="button"
                variant="outline"
                onClick={() => {
                  setBuyer("");
                  setFilters(ALL);
                }}
              >
                Clear filters
              </Button>
            ) : (
              newButton
            )}
          </EmptyState>
        }
      >
        <Table aria-label="Invoices, newest first">
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Invoice</TableHead>
              <TableHead scope="col" className="hidden md:table-cell">
                Issued
              </TableHead>
              <TableHead scope="col" className="hidden sm:table-cell">
                Due
              </TableHead>
              <TableHead scope="col" className="text-right">
                Total
              </TableHead>
              <TableHead scope="col">Status</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell className="min-w-0">
                  <Link
                    to={`/app/invoices/${row.id}`}
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {invoiceLabel(row)}
                  </Link>
                  <span className="block break-words text-xs text-muted-foreground">{row.buyer_name}</span>
                </TableCell>
                <TableCell className="hidden whitespace-nowrap md:table-cell">
                  {row.issue_date ?? "—"}
                </TableCell>
                <TableCell className="hidden whitespace-nowrap sm:table-cell">
                  {row.due_date ?? "—"}
                </TableCell>
                <TableCell className="whitespace-nowrap text-right tabular-nums">
                  {row.status === "draft" ? "—" : formatOre(row.total_ore)}
                </TableCell>
                <TableCell>
                  <InvoiceStatusBadge status={row.status} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ListState>
      <section aria-labelledby={`${id}-sie`} className="grid gap-3">
        <h2 id={`${id}-sie`} className="text-lg font-semibold">
          Export to the accountant
        </h2>
        <p className="text-sm text-muted-foreground">
          A SIE 4 file of the invoices, credits and payments of a period, for Fortnox or Visma.
        </p>
        <SieExportForm />
      </section>
    </div>
  );
}
