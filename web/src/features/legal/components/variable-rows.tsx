import { LEGAL_VARIABLE_TYPES } from "@app/contracts";
import { Plus, X } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import {
  canComeFromContact,
  emptyVariable,
  VARIABLE_TYPE_LABELS,
  type VariableRow,
} from "@/features/legal/utils/template-form";

type VariableRowsProps = { rows: VariableRow[]; onChange(rows: VariableRow[]): void; error?: string };

/** The template's variables: each a `{{key}}` the body may use, filled in when a document is made. */
export function VariableRows({ rows, onChange, error }: VariableRowsProps) {
  const id = useId();
  const update = (index: number, change: Partial<VariableRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  return (
    <fieldset
      className="grid gap-3 rounded-md border p-3"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="px-1 text-sm font-medium">Variables</legend>
      {rows.length === 0 ? <p className="text-sm text-muted-foreground">No variables yet.</p> : null}
      <ul className="grid gap-3">
        {rows.map((row, index) => {
          const n = index + 1;
          const rowId = `${id}-${index}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity until saved.
            <li key={index} className="grid items-end gap-2 border-b pb-3 sm:grid-cols-[1fr_1fr_8rem_auto]">
              <div className="grid gap-1">
                <Label htmlFor={`${rowId}-key`}>Variable {n} key</Label>
                <Input
                  id={`${rowId}-key`}
                  value={row.key}
                  placeholder="producer"
                  onChange={(event) => update(index, { key: event.target.value })}
                />
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`${rowId}-label`}>Variable {n} label</Label>
                <Input
                  id={`${rowId}-label`}
                  value={row.label}
                  onChange={(event) => update(index, { label: event.target.value })}
                />
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`${rowId}-type`}>Variable {n} type</Label>
                <NativeSelect
                  id={`${rowId}-type`}
                  value={row.type}
                  onChange={(event) => update(index, { type: event.target.value as VariableRow["type"] })}
                >
                  {LEGAL_VARIABLE_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {VARIABLE_TYPE_LABELS[type]}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove variable ${n}`}
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
              >
                <X aria-hidden="true" />
              </Button>
              <div className="flex flex-wrap gap-4 sm:col-span-4">
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={row.required}
                    onChange={(event) => update(index, { required: event.target.checked })}
                  />
                  Variable {n} required
                </label>
                {canComeFromContact(row.type) ? (
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={row.fromContact}
                      onChange={(event) => update(index, { fromContact: event.target.checked })}
                    />
                    Variable {n} filled from a CRM contact
                  </label>
                ) : null}
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
        onClick={() => onChange([...rows, emptyVariable()])}
      >
        <Plus aria-hidden="true" />
        Add variable
      </Button>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-error-text">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
