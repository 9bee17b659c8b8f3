import { formatOre } from "@app/contracts";
import { FileUp, Upload } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ListState } from "@/components/ui/list-state";
import { NativeSelect } from "@/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import {
  type RoyaltyImport,
  useImportStatement,
  useRoyaltyImports,
  useRoyaltyPeriods,
  useRoyaltySources,
} from "@/features/royalties/api/royalties";
import { ImportCounts } from "@/features/royalties/components/import-counts";
import { UploadProgressBar } from "@/features/royalties/components/upload-progress-bar";
import { formatDateTime } from "@/lib/format";

export function ImportsTab() {
  const id = useId();
  const sources = useRoyaltySources();
  const periods = useRoyaltyPeriods();
  const imports = useRoyaltyImports();
  const upload = useImportStatement();
  const [sourceId, setSourceId] = useState("");
  const [periodId, setPeriodId] = useState("");
  const [rate, setRate] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [done, setDone] = useState<RoyaltyImport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const openPeriods = (periods.data ?? []).filter((period) => period.status !== "closed");
  const sourceNames = new Map((sources.data ?? []).map((source) => [source.id, source.name]));
  const periodNames = new Map((periods.data ?? []).map((period) => [period.id, period.name]));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!sourceId || !file) {
      setProblem(!sourceId ? "Choose the source the statement comes from." : "Choose a statement file.");
      return;
    }
    setProblem(null);
    setDone(null);
    upload.mutate(
      { file, sourceId, periodId, rate },
      {
        onSuccess: (created) => {
          setDone(created);
          setFile(null);
          setFileKey((key) => key + 1);
        },
      },
    );
  };

  return (
    <div className="grid gap-6">
      <section aria-labelledby={`${id}-upload`} className="grid gap-3">
        <h2 id={`${id}-upload`} className="text-lg font-semibold">
          Import a statement
        </h2>
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" noValidate>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-source`}>Source</Label>
            <NativeSelect
              id={`${id}-source`}
              value={sourceId}
              onChange={(e) => setSourceId(e.target.value)}
              aria-describedby={problem ? `${id}-problem` : undefined}
            >
              <option value="">Choose a source</option>
              {(sources.data ?? []).map((source) => (
                <option key={source.id} value={source.id}>
                  {source.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-period`}>
              Period<span className="font-normal text-muted-foreground"> (optional)</span>
            </Label>
            <NativeSelect id={`${id}-period`} value={periodId} onChange={(e) => setPeriodId(e.target.value)}>
              <option value="">The open period of today</option>
              {openPeriods.map((period) => (
                <option key={period.id} value={period.id}>
                  {period.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-rate`}>
              Rate, SEK per unit<span className="font-normal text-muted-foreground"> (optional)</span>
            </Label>
            <Input
              id={`${id}-rate`}
              inputMode="decimal"
              value={rate}
              placeholder="10.4523"
              aria-describedby={`${id}-rate-hint`}
              onChange={(e) => setRate(e.target.value)}
            />
            <p id={`${id}-rate-hint`} className="text-xs text-muted-foreground">
              For a statement in another currency that gives no rate of its own.
            </p>
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-file`}>Statement file</Label>
            <input
              key={fileKey}
              id={`${id}-file`}
              type="file"
              accept=".csv,.tsv,.txt,.xlsx,text/csv,text/tab-separated-values"
              className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-2"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
            <p className="text-xs text-muted-foreground">
              CSV, TSV or XLSX as the source's mapping reads it.
            </p>
          </div>
          <div className="grid gap-2 sm:col-span-2 lg:col-span-4">
            {problem ? (
              <p id={`${id}-problem`} role="alert" className="text-sm text-destructive">
                {problem}
              </p>
            ) : null}
            {upload.progress ? <UploadProgressBar progress={upload.progress} /> : null}
            <div>
              <Button type="submit" disabled={upload.isPending}>
                <Upload aria-hidden="true" />
                {upload.isPending ? "Importing…" : "Import"}
              </Button>
            </div>
          </div>
        </form>
        <div aria-live="polite">{done ? <ImportCounts row={done} /> : null}</div>
      </section>
      <section aria-labelledby={`${id}-past`} className="grid gap-3">
        <h2 id={`${id}-past`} className="text-lg font-semibold">
          Past imports
        </h2>
        <ListState
          read={imports}
          loading="Loading the imports"
          failed="The imports could not be loaded."
          isEmpty={(imports.data ?? []).length === 0}
          empty={
            <EmptyState
              icon={FileUp}
              title="No statements imported yet"
              description="Choose a source and a file above; the lines are matched to the catalogue as they come in."
            />
          }
        >
          <Table aria-label="Past imports, newest first">
            <TableHeader>
              <TableRow>
                <TableHead scope="col">File</TableHead>
                <TableHead scope="col" className="hidden md:table-cell">
                  Period
                </TableHead>
                <TableHead scope="col" className="text-right">
                  Lines
                </TableHead>
                <TableHead scope="col" className="text-right">
                  Unmatched
                </TableHead>
                <TableHead scope="col" className="text-right">
                  Total
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {(imports.data ?? []).map((row) => (
                <TableRow key={row.id}>
                  <TableCell className="min-w-0">
                    <span className="block break-all font-medium">{row.file_name}</span>
                    <span className="block text-xs text-muted-foreground">
                      {sourceNames.get(row.source_id) ?? "Unknown source"} · {formatDateTime(row.created_at)}
                    </span>
                  </TableCell>
                  <TableCell className="hidden md:table-cell">
                    {periodNames.get(row.period_id) ?? "—"}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{row.lines}</TableCell>
                  <TableCell className="text-right tabular-nums">{row.unmatched}</TableCell>
                  <TableCell className="whitespace-nowrap text-right tabular-nums">
                    {formatOre(row.total_ore)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ListState>
      </section>
    </div>
  );
}
