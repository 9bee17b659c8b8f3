import { formatOre } from "@app/contracts";
import { Plus, Users } from "lucide-react";
import { type MouseEvent, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ListState } from "@/components/ui/list-state";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { type RoyaltyPayee, usePayeeParties, usePayees } from "@/features/royalties/api/payees";
import { AdvanceFormDialog } from "@/features/royalties/components/advance-form-dialog";
import { PayeeFormDialog } from "@/features/royalties/components/payee-form-dialog";
import { percentOfBp } from "@/features/royalties/utils/payee-form";

/** Who the payee is in the CRM, by name once the contacts and companies are read. */
function partyOf(payee: RoyaltyPayee, names: Map<string, string>): string {
  if (payee.contact_id) return `Contact: ${names.get(payee.contact_id) ?? "…"}`;
  if (payee.company_id) return `Company: ${names.get(payee.company_id) ?? "…"}`;
  return "No contact or company";
}

/** The payees royalties are paid to, with their terms and what their latest statement left unrecouped. */
export function PayeesTab() {
  const payees = usePayees();
  const parties = usePayeeParties();
  // undefined: the dialog is shut; null: a new payee; a payee: that one's edit.
  const [editing, setEditing] = useState<RoyaltyPayee | null | undefined>(undefined);
  const [advancing, setAdvancing] = useState<RoyaltyPayee | null>(null);
  // The button a dialog was opened from, which gets focus back when it closes.
  const opener = useRef<HTMLElement | null>(null);
  const opening = (open: () => void) => (event: MouseEvent<HTMLElement>) => {
    opener.current = event.currentTarget;
    open();
  };
  const returnFocus = () => opener.current?.focus();
  const names = new Map((parties.data ?? []).map((p) => [p.id, p.name]));
  const rows = payees.data ?? [];

  return (
    <div className="grid gap-4">
      <div>
        <Button type="button" onClick={opening(() => setEditing(null))}>
          <Plus aria-hidden="true" />
          New payee
        </Button>
      </div>
      <ListState
        read={payees}
        loading="Loading the payees"
        failed="The payees could not be loaded."
        isEmpty={rows.length === 0}
        empty={
          <EmptyState
            icon={Users}
            title="No payees yet"
            description="Add the writers, artists and companies royalties are paid to."
          />
        }
      >
        <Table aria-label="Payees">
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Payee</TableHead>
              <TableHead scope="col">Publisher fee</TableHead>
              <TableHead scope="col">Reserve</TableHead>
              <TableHead scope="col">VAT registered</TableHead>
              <TableHead scope="col">Unrecouped</TableHead>
              <TableHead scope="col">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((payee) => (
              <TableRow key={payee.id}>
                <TableCell>
                  <span className="block font-medium">{payee.name}</span>
                  <span className="block text-xs text-muted-foreground">{partyOf(payee, names)}</span>
                </TableCell>
                <TableCell>{percentOfBp(payee.publisher_fee_bp)} %</TableCell>
                <TableCell>
                  {payee.reserve_bp === 0
                    ? "None"
                    : `${percentOfBp(payee.reserve_bp)} % for ${payee.reserve_periods} ${payee.reserve_periods === 1 ? "period" : "periods"}`}
                </TableCell>
                <TableCell>{payee.vat_registered ? "Yes" : "No"}</TableCell>
                <TableCell>{payee.unrecoupedOre === null ? "—" : formatOre(payee.unrecoupedOre)}</TableCell>
                <TableCell className="text-right">
                  <span className="inline-flex flex-wrap justify-end gap-2">
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      aria-label={`Edit ${payee.name}`}
                      onClick={opening(() => setEditing(payee))}
                    >
                      Edit
                    </Button>
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      aria-label={`Record advance to ${payee.name}`}
                      onClick={opening(() => setAdvancing(payee))}
                    >
                      Record advance
                    </Button>
                  </span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ListState>
      <PayeeFormDialog
        open={editing !== undefined}
        onOpenChange={(open) => (open ? undefined : setEditing(undefined))}
        payee={editing}
        returnFocus={returnFocus}
      />
      <AdvanceFormDialog payee={advancing} onClose={() => setAdvancing(null)} returnFocus={returnFocus} />
    </div>
  );
}
