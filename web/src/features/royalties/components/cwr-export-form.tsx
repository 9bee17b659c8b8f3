import { CWR_VERSIONS, type CwrExportRequest } from "@app/contracts";
import { FileOutput, Library } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useExportCwr } from "@/features/royalties/api/cwr";
import { WorkName } from "@/features/royalties/components/work-name";
import { describeApiError } from "@/lib/api-errors";

/** A checkbox's own box is small; its hit area reaches the 44 px a finger needs. */
const TOUCH_TARGET = "relative after:absolute after:-inset-3 after:content-['']";

type Work = { id: string; title: string; submitter_work_id: string; iswc: string | null };

/**
 * Works chosen by checkbox (or all at once), a CWR version, and the file made and saved under its CISAC
 * name. A refusal (CISAC's share rules, the business's publisher details missing) is said beside the
 * button in the server's words, and nothing is saved.
 */
export function CwrExportForm({ works, registered }: { works: Work[]; registered: Map<string, string[]> }) {
  const id = useId();
  const exportCwr = useExportCwr();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [version, setVersion] = useState<CwrExportRequest["version"]>("2.1");
  const [problem, setProblem] = useState<string | null>(null);
  const [made, setMade] = useState<string | null>(null);
  const all = works.length > 0 && works.every((work) => chosen.has(work.id));
  const count = works.filter((work) => chosen.has(work.id)).length;
  const some = count > 0;

  const toggle = (workId: string, on: boolean) =>
    setChosen((before) => {
      const next = new Set(before);
      if (on) next.add(workId);
      else next.delete(workId);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMade(null);
    // In the list's order, so the file registers the works as staff see them.
    const workIds = works.filter((work) => chosen.has(work.id)).map((work) => work.id);
    if (workIds.length === 0) {
      setProblem("Choose at least one work to register.");
      return;
    }
    setProblem(null);
    exportCwr.mutate(
      { work_ids: workIds, version },
      { onSuccess: (name) => setMade(name), onError: (error) => setProblem(describeApiError(error)) },
    );
  };

  if (works.length === 0)
    return (
      <EmptyState
        icon={Library}
        title="No works to register yet"
        description="Works added to the catalogue can be registered with the societies here."
      />
    );

  return (
    <form onSubmit={submit} className="grid gap-3" noValidate>
      <Table aria-label="Works to register">
        <TableHeader>
          <TableRow>
            <TableHead scope="col" className="w-12">
              <div className="flex size-11 items-center justify-center">
                <Checkbox
                  className={TOUCH_TARGET}
                  aria-label="Select all works"
                  checked={all ? true : some ? "indeterminate" : false}
                  onCheckedChange={(checked) =>
                    setChosen(checked === true ? new Set(works.map((work) => work.id)) : new Set())
                  }
                />
              </div>
            </TableHead>
            <TableHead scope="col">Work</TableHead>
            <TableHead scope="col">Registration</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {works.map((work) => (
            <TableRow key={work.id} data-state={chosen.has(work.id) ? "selected" : undefined}>
              <TableCell>
                <div className="flex size-11 items-center justify-center">
                  <Checkbox
                    className={TOUCH_TARGET}
                    aria-label={`Select ${work.title}`}
                    checked={chosen.has(work.id)}
                    onCheckedChange={(checked) => toggle(work.id, checked === true)}
                  />
                </div>
              </TableCell>
              <TableCell>
                <WorkName work={work} />
              </TableCell>
              <TableCell className="text-sm">
                {(registered.get(work.id) ?? ["Not acknowledged by a society yet"]).map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <div className="flex flex-wrap items-end gap-4">
        <fieldset className="grid gap-1">
          <legend className="text-sm font-medium">CWR version</legend>
          <div className="flex gap-2">
            {CWR_VERSIONS.map((v) => (
              <label
                key={v}
                className="flex min-h-11 items-center gap-2 rounded-md border px-3 text-sm has-[:checked]:border-primary"
              >
                <input
                  type="radio"
                  name={`${id}-version`}
                  value={v}
                  checked={version === v}
                  onChange={() => setVersion(v)}
                />
                {v}
              </label>
            ))}
          </div>
        </fieldset>
        <Button
          type="submit"
          disabled={exportCwr.isPending}
          aria-describedby={problem ? `${id}-problem` : undefined}
        >
          <FileOutput aria-hidden="true" />
          {exportCwr.isPending ? "Making the file…" : "Export CWR"}
        </Button>
        <span className="text-sm text-muted-foreground">
          {count === 1 ? "1 work chosen" : `${count} works chosen`}
        </span>
      </div>
      <div aria-live="polite">
        {problem ? (
          <p id={`${id}-problem`} role="alert" className="text-sm text-error-text">
            {problem}
          </p>
        ) : made ? (
          <p className="text-sm">Saved {made}.</p>
        ) : null}
      </div>
    </form>
  );
}
