import { useId } from "react";
import { useController, useWatch } from "react-hook-form";
import { fieldsFor } from "@/components/form/fields";
import { RowListEditor } from "@/components/form/row-list-editor";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import type { DocumentFormValues } from "@/features/legal/utils/document-form";
import {
  CONTRIBUTION_LABELS,
  type Contribution,
  emptyWriter,
  WRITER_CONTRIBUTIONS,
  writerProblems,
} from "@/features/legal/utils/writers-form";

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

const { TextField } = fieldsFor<DocumentFormValues>();

/** One writer's contributions, kept in the order the sheet lists them. */
function ContributionBoxes({ prefix, n }: { prefix: `writers.${number}`; n: number }) {
  const { field } = useController<DocumentFormValues, `writers.${number}.contribution`>({
    name: `${prefix}.contribution`,
  });
  const chosen: Contribution[] = field.value;
  const idPrefix = useId();
  return (
    <fieldset className="flex flex-wrap items-center gap-3">
      <legend className="sr-only">Writer {n} contribution</legend>
      {WRITER_CONTRIBUTIONS.map((kind) => {
        const id = `${idPrefix}-${kind}`;
        return (
          <div key={kind} className="flex items-center gap-2">
            <Checkbox
              id={id}
              checked={chosen.includes(kind)}
              onCheckedChange={(checked) =>
                field.onChange(
                  checked
                    ? WRITER_CONTRIBUTIONS.filter((k) => k === kind || chosen.includes(k))
                    : chosen.filter((k) => k !== kind),
                )
              }
            />
            <Label htmlFor={id} className="font-normal">
              {CONTRIBUTION_LABELS[kind]}
            </Label>
          </div>
        );
      })}
    </fieldset>
  );
}

/**
 * A split sheet's writers: who wrote what and their share. What Send would refuse (shares not adding up
 * to 100.00 %, an invalid IPI) is said here while typing; a draft may still be saved half-filled.
 */
export function WritersEditor() {
  const writers = useWatch<DocumentFormValues, "writers">({ name: "writers" });
  const problems = writerProblems(writers);
  const statusId = useId();
  return (
    <RowListEditor<DocumentFormValues, "writers">
      name="writers"
      legend="Writers"
      rowLabel={(index) => `writer ${index + 1}`}
      removeStyle="text"
      addLabel="Add writer"
      newRow={emptyWriter}
      describedBy={statusId}
      className="rounded-md border p-3"
      listClassName="gap-4"
      rowClassName="grid gap-2 rounded-md bg-muted/40 p-2"
      renderRow={({ index, prefix, controls }) => (
        <>
          <div className="grid gap-2 sm:grid-cols-4">
            {TEXT_FIELDS.map(([field, label, autoComplete]) => (
              <TextField
                key={field}
                name={`${prefix}.${field}`}
                label={`Writer ${index + 1} ${label}`}
                type={field === "email" ? "email" : "text"}
                inputMode={field === "share_percent" ? "decimal" : undefined}
                autoComplete={autoComplete}
                className="min-w-0 gap-1"
              />
            ))}
          </div>
          <div className="flex flex-wrap items-center gap-4">
            <ContributionBoxes prefix={prefix} n={index + 1} />
            <div className="ml-auto">{controls}</div>
          </div>
        </>
      )}
    >
      <div id={statusId} aria-live="polite" className="text-sm">
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
    </RowListEditor>
  );
}
