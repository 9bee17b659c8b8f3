import { formatOre } from "@app/contracts";
import { useMutation } from "@tanstack/react-query";
import { Download, FileText, Mail } from "lucide-react";
import { useId, useState } from "react";
import { ConfirmDialog } from "@/components/form/confirm-dialog";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Label } from "@/components/ui/label";
import { ListState } from "@/components/ui/list-state";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import {
  useMailStatement,
  useRoyaltyPeriods,
  useRoyaltyStatements,
} from "@/features/royalties/api/royalties";
import { formatDateTime } from "@/lib/format";
import { downloadWithToken } from "@/lib/save-file";

const COLUMNS = [
  ["Opening", "opening_balance_ore"],
  ["Earnings", "earnings_ore"],
  ["Fees", "fee_ore"],
  ["Recouped", "recouped_ore"],
  ["Closing", "closing_balance_ore"],
  ["Payable", "payable_ore"],
] as const;

const FILES = [
  ["pdf", "PDF"],
  ["csv", "CSV"],
] as const;

/**
 * A statement's PDF and CSV: staff-only, so fetched with the token and saved, never a bare link the
 * browser would follow without it.
 */
function StatementFiles({ id, payeeName }: { id: string; payeeName: string }) {
  const download = useMutation({
    mutationFn: (kind: "pdf" | "csv") =>
      downloadWithToken(`/api/royalties/statements/${id}/${kind}`, `royalty-statement.${kind}`),
    meta: { errorMessage: "Could not download the statement" },
  });
  return (
    <div className="flex justify-end gap-1">
      {FILES.map(([kind, label]) => (
        <Button
          key={kind}
          type="button"
          variant="outline"
          size="sm"
          disabled={download.isPending}
          aria-label={`Download ${payeeName}'s statement as ${label}`}
          onClick={() => download.mutate(kind)}
        >
          <Download aria-hidden="true" />
          {label}
        </Button>
      ))}
    </div>
  );
}

type MailedStatement = { id: string; payeeName: string; lastMailedAt: string | null };

/**
 * Mails the payee their statement's PDF, after a confirmation (it reaches someone outside the business),
 * and says when it was last mailed. A refusal (no address, too many mails) is explained in the dialog.
 */
function MailStatement({ statement }: { statement: MailedStatement }) {
  const mail = useMailStatement();
  const [asking, setAsking] = useState(false);
  return (
    <div className="grid justify-items-end gap-1">
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-label={`Mail ${statement.payeeName}'s statement to them`}
        onClick={() => {
          mail.reset();
          setAsking(true);
        }}
      >
        <Mail aria-hidden="true" />
        Mail to payee
      </Button>
      <span className="text-xs text-muted-foreground">
        {statement.lastMailedAt ? `Mailed ${formatDateTime(statement.lastMailedAt)}` : "Not mailed yet"}
      </span>
      {asking ? (
        <ConfirmDialog
          title={`Mail ${statement.payeeName}'s statement?`}
          description="The statement's PDF is mailed to the payee's e-mail address: their contact's, or for a company its contact's."
          confirmLabel="Mail statement"
          isPending={mail.isPending}
          error={mail.error}
          onConfirm={() => mail.mutate(statement.id, { onSuccess: () => setAsking(false) })}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </div>
  );
}

/** Each payee's statement of a closed period, the latest closed period first. */
export function StatementsTab() {
  const id = useId();
  const periods = useRoyaltyPeriods();
  const closed = (periods.data ?? []).filter((period) => period.status === "closed");
  const [picked, setPicked] = useState("");
  const periodId = picked || closed[0]?.id || "";
  const statements = useRoyaltyStatements(periodId);
  const rows = statements.data ?? [];

  return (
    <div className="grid gap-4">
      <h2 className="text-lg font-semibold">Statements</h2>
      {periods.isPending ? (
        <Spinner label="Loading the periods" />
      ) : closed.length === 0 ? (
        <EmptyState
          icon={FileText}
          title="No closed periods yet"
          description="Close a period under Periods; each payee's statement for it shows here."
        />
      ) : (
        <>
          <div className="grid max-w-xs gap-1">
            <Label htmlFor={`${id}-period`}>Closed period</Label>
            <NativeSelect id={`${id}-period`} value={periodId} onChange={(e) => setPicked(e.target.value)}>
              {closed.map((period) => (
                <option key={period.id} value={period.id}>
                  {period.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <ListState
            read={statements}
            loading="Loading the statements"
            failed="The statements could not be loaded."
            isEmpty={rows.length === 0}
            empty={<p className="text-sm text-muted-foreground">No payee earned anything in this period.</p>}
          >
            <div className="overflow-x-auto">
              <Table aria-label="Statements by payee">
                <TableHeader>
                  <TableRow>
                    <TableHead scope="col">Payee</TableHead>
                    {COLUMNS.map(([label]) => (
                      <TableHead key={label} scope="col" className="text-right">
                        {label}
                      </TableHead>
                    ))}
                    <TableHead scope="col" className="text-right">
                      Files and mail
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {rows.map((statement) => (
                    <TableRow key={statement.id}>
                      <TableCell className="font-medium">
                        {statement.payeeName}
                        {statement.self_billing_number ? (
                          <span className="block text-xs text-muted-foreground">
                            Self-billing {statement.self_billing_number}, VAT {formatOre(statement.vat_ore)}
                          </span>
                        ) : null}
                      </TableCell>
                      {COLUMNS.map(([label, column]) => (
                        <TableCell key={label} className="whitespace-nowrap text-right tabular-nums">
                          {formatOre(statement[column])}
                        </TableCell>
                      ))}
                      <TableCell>
                        <div className="grid gap-2">
                          <StatementFiles id={statement.id} payeeName={statement.payeeName} />
                          <MailStatement statement={statement} />
                        </div>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </ListState>
        </>
      )}
    </div>
  );
}
