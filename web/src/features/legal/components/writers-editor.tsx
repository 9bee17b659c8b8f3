import { Plus, X } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  CONTRIBUTION_LABELS,
  emptyWriter,
  WRITER_CONTRIBUTIONS,
  type WriterRow,
  writerProblems,
} from "@/features/legal/utils/writers-form";

type WritersEditorProps = { writers: WriterRow[]; onChange(writers: WriterRow[]): void };

const TEXT_FIELDS = [
  ["legal_name", "legal name", "name"],
  ["credited_name", "credited name", "off"],
  ["email", "e-mail", "email"],
  ["share_percent", "share (%)", "off"],
  ["society", "society", "off"],
  ["ipi", "IPI", "off"],
  ["publisher", "publisher", "off"],
  ["publisher_ipi", "publisher IPI", "off"],
] as const;

/**
 * A split sheet's writers: who wrote what and their share. What Send would refuse (shares not adding up
 * to 100.00 %, an invalid IPI) is said here while typing; a draft may still be saved half-filled.
 */
export function WritersEditor({ writers, onChange }: WritersEditorProps) {
  const id = useId();
  const problems = writerProblems(writers);
  const update = (index: number, change: Partial<WriterRow>) =>
    onChange(writers.map((writer, i) => (i === index ? { ...writer, ...change } : writer)));
  return (
    <fieldset className="grid gap-3 rounded-md border p-3" aria-describedby={`${id}-status`}>
      <legend className="px-1 text-sm font-medium">Writers</legend>
      <ul className="grid gap-4">
        {writers.map((writer, index) => {
          const n = index + 1;
          const rowId = `${id}-${index}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity until saved.
            <li key={index} className="grid gap-2 rounded-md bg-muted/40 p-2">
              <div className="grid gap-2 sm:grid-cols-4">
                {TEXT_FIELDS.map(([field, label, autoComplete]) => (
                  <div key={field} className="grid min-w-0 gap-1">
                    <Label htmlFor={`${rowId}-${field}`}>
                      Writer {n} {label}
                    </Label>
                    <Input
                      id={`${rowId}-${field}`}
                      type={field === "email" ? "email" : "text"}
                      inputMode={field === "share_percent" ? "decimal" : undefined}
                      autoComplete={autoComplete}
                      value={writer[field]}
                      onChange={(event) => update(index, { [field]: event.target.value })}
                    />
                  </div>
                ))}
              </div>
              <div className="flex flex-wrap items-center gap-4">
                <fieldset className="flex flex-wrap items-center gap-3">
                  <legend className="sr-only">Writer {n} contribution</legend>
                  {WRITER_CONTRIBUTIONS.map((kind) => (
                    <div key={kind} className="flex items-center gap-2">
                      <Checkbox
                        id={`${rowId}-${kind}`}
                        checked={writer.contribution.includes(kind)}
                        onCheckedChange={(checked) =>
                          update(index, {
                            contribution: checked
                              ? WRITER_CONTRIBUTIONS.filter(
                                  (k) => k === kind || writer.contribution.includes(k),
                                )
                              : writer.contribution.filter((k) => k !== kind),
                          })
                        }
                      />
                      <Label htmlFor={`${rowId}-${kind}`} className="font-normal">
                        {CONTRIBUTION_LABELS[kind]}
                      </Label>
                    </div>
                  ))}
                </fieldset>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="ml-auto"
                  onClick={() => onChange(writers.filter((_, i) => i !== index))}
                >
                  <X aria-hidden="true" />
                  Remove writer {n}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        className="justify-self-start"
        onClick={() => onChange([...writers, emptyWriter()])}
      >
        <Plus aria-hidden="true" />
        Add writer
      </Button>
      <div id={`${id}-status`} aria-live="polite" className="text-sm">
        {problems.length === 0 ? (
          <p className="text-muted-foreground">Shares add up to 100.00 %: ready to send.</p>
        ) : (
          <ul className="list-disc pl-5 text-error-text" aria-label="Before this can be sent">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
      </div>
    </fieldset>
  );
}
