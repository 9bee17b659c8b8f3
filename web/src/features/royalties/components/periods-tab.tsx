import type { RoyaltyPeriodReport } from "@app/contracts";
import { CalendarRange, Plus } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { ConfirmDialog } from "@/components/form/confirm-dialog";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ListState } from "@/components/ui/list-state";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import {
  type RoyaltyPeriod,
  useClosePeriod,
  useCreatePeriod,
  usePreviewPeriod,
  useRoyaltyPeriods,
} from "@/features/royalties/api/royalties";
import { PeriodReport } from "@/features/royalties/components/period-report";
import { PeriodStatusBadge } from "@/features/royalties/components/period-status-badge";
import { formatDateTime } from "@/lib/format";

export function PeriodsTab() {
  const periods = useRoyaltyPeriods();
  const preview = usePreviewPeriod();
  const close = useClosePeriod();
  const [report, setReport] = useState<RoyaltyPeriodReport | null>(null);
  const [closing, setClosing] = useState<RoyaltyPeriod | null>(null);
  const rows = periods.data ?? [];

  return (
    <div className="grid gap-6">
      <NewPeriodForm />
      <section className="grid gap-3" aria-label="Periods">
        <ListState
          read={periods}
          loading="Loading the periods"
          failed="The periods could not be loaded."
          isEmpty={rows.length === 0}
          empty={
            <EmptyState
              icon={CalendarRange}
              title="No periods yet"
              description="Create the first accounting period (a half-year, say); imports go into it."
            />
          }
        >
          <Table aria-label="Periods, latest first">
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Period</TableHead>
                <TableHead scope="col">Status</TableHead>
                <TableHead scope="col">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((period) => (
                <TableRow key={period.id}>
                  <TableCell>
                    <span className="block font-medium">{period.name}</span>
                    <span className="block text-xs text-muted-foreground">
                      {period.starts_on} – {period.ends_on}
                    </span>
                  </TableCell>
                  <TableCell>
                    <PeriodStatusBadge status={period.status} />
                    {period.closed_at ? (
                      <span className="block text-xs text-muted-foreground">
                        {formatDateTime(period.closed_at)}
                      </span>
                    ) : null}
                  </TableCell>
                  <TableCell className="text-right">
                    {period.status === "closed" ? null : (
                      <span className="inline-flex flex-wrap justify-end gap-2">
                        <Button
                          type="button"
                          variant="outline"
                          size="sm"
                          disabled={preview.isPending}
                          aria-label={`Preview ${period.name}`}
                          onClick={() => preview.mutate(period.id, { onSuccess: setReport })}
                        >
                          Preview
                        </Button>
                        <Button
                          type="button"
                          size="sm"
                          aria-label={`Close ${period.name}`}
                          onClick={() => {
                            close.reset();
                            setClosing(period);
                          }}
                        >
                          Close
                        </Button>
                      </span>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ListState>
        {report ? <PeriodReport report={report} /> : null}
      </section>
      {closing ? (
        <ConfirmDialog
          title={`Close ${closing.name}?`}
          description="Its matched money is divided by the signed splits into each payee's statement. A closed period never changes again; corrections go into a later one."
          confirmLabel="Close period"
          isDestructive
          isPending={close.isPending}
          error={close.error}
          onConfirm={() =>
            close.mutate(closing.id, {
              onSuccess: (closed) => {
                setReport(closed);
                setClosing(null);
              },
            })
          }
          onClose={() => setClosing(null)}
        />
      ) : null}
    </div>
  );
}

function NewPeriodForm() {
  const id = useId();
  const create = useCreatePeriod();
  const [name, setName] = useState("");
  const [startsOn, setStartsOn] = useState("");
  const [endsOn, setEndsOn] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !startsOn || !endsOn) {
      setProblem("A period needs a name, a first day and a last day.");
      return;
    }
    if (endsOn < startsOn) {
      setProblem("The last day comes on or after the first.");
      return;
    }
    setProblem(null);
    create.mutate(
      { name: name.trim(), starts_on: startsOn, ends_on: endsOn },
      {
        onSuccess: () => {
          setName("");
          setStartsOn("");
          setEndsOn("");
        },
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        New period
      </h2>
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-4 sm:items-end">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-name`}>Name</Label>
          <Input
            id={`${id}-name`}
            value={name}
            placeholder="2026 H2"
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-starts`}>First day</Label>
          <Input
            id={`${id}-starts`}
            type="date"
            value={startsOn}
            onChange={(e) => setStartsOn(e.target.value)}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-ends`}>Last day</Label>
          <Input id={`${id}-ends`} type="date" value={endsOn} onChange={(e) => setEndsOn(e.target.value)} />
        </div>
        <div>
          <Button type="submit" disabled={create.isPending}>
            <Plus aria-hidden="true" />
            Create period
          </Button>
        </div>
        {problem ? (
          <p role="alert" className="text-sm text-destructive sm:col-span-4">
            {problem}
          </p>
        ) : null}
      </form>
    </section>
  );
}
