import { ArrowDown, ArrowUp, Plus, X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import {
  type ArrayPath,
  type FieldArray,
  type FieldArrayPath,
  type FieldValues,
  useFieldArray,
  useFormContext,
  useFormState,
} from "react-hook-form";
import { errorAt } from "@/components/form/record-resolver";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

type RowAction = "up" | "down";

type RowRenderProps<N extends string> = {
  index: number;
  /** The row's field names start with this: `${prefix}.email`. */
  prefix: `${N}.${number}`;
  /** The row's move and remove buttons, placed by the row where they fit its layout. */
  controls: ReactNode;
  /** The list's own problem, for rows whose fields it concerns (a score the record refused). */
  listError: string | undefined;
};

type RowListEditorProps<V extends FieldValues, N extends ArrayPath<V>> = {
  name: N & FieldArrayPath<V>;
  legend: ReactNode;
  /** One row as buttons name it: "party 1", "link 2". */
  rowLabel(index: number): string;
  /** The remove button's name when it says more than "Remove <row>" (the skill it removes). */
  removeLabel?(index: number): string;
  /** What the remove button shows: an icon (named for screen readers) or its name as text. */
  removeStyle?: "icon" | "text";
  addLabel: string;
  newRow(): FieldArray<V, N>;
  emptyText?: string;
  className?: string;
  listClassName?: string;
  rowClassName?: string;
  renderRow(row: RowRenderProps<N>): ReactNode;
  /** Shown under the add button (a live summary of the rows). */
  children?: ReactNode;
  /** Ids of what describes the whole list (that summary). */
  describedBy?: string;
};

/**
 * A list field edited row by row (parties, variables, writers, strengths, links) on useFieldArray: rows
 * keep their own ids while they are added, removed and moved, so a row's typing and focus stay with it.
 * Move up and down are buttons, so reordering works from the keyboard; the moved row's button keeps focus.
 * Each row's fields show their own problems; a problem of the list itself shows under it.
 */
export function RowListEditor<V extends FieldValues, N extends ArrayPath<V>>(
  props: RowListEditorProps<V, N>,
) {
  const { name, legend, rowLabel, removeLabel, removeStyle = "icon", addLabel, newRow, emptyText } = props;
  const id = useId();
  const { control } = useFormContext<V>();
  const { fields, append, remove, move } = useFieldArray<V, N>({ control, name });
  const { errors } = useFormState<V>({ control, name: name as never });
  const listRef = useRef<HTMLUListElement>(null);
  const pendingFocus = useRef<{ key: string; action: RowAction } | null>(null);

  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending) return;
    pendingFocus.current = null;
    const row = listRef.current?.querySelector(`[data-row-key="${pending.key}"]`);
    const other: RowAction = pending.action === "up" ? "down" : "up";
    const target =
      row?.querySelector<HTMLButtonElement>(`[data-row-action="${pending.action}"]:not(:disabled)`) ??
      row?.querySelector<HTMLButtonElement>(`[data-row-action="${other}"]:not(:disabled)`);
    target?.focus();
  });

  const listError = errorAt(errors, name) ?? errorAt(errors, `${name}.root`);
  const errorId = `${id}-error`;
  const describedBy = [props.describedBy, listError ? errorId : null].filter(Boolean).join(" ") || undefined;

  const moveRow = (index: number, action: RowAction) => {
    const key = fields[index]?.id;
    if (key) pendingFocus.current = { key, action };
    move(index, action === "up" ? index - 1 : index + 1);
  };

  const controlsOf = (index: number) => {
    const label = rowLabel(index);
    const removeName = removeLabel?.(index) ?? `Remove ${label}`;
    return (
      <div className="flex items-center gap-1">
        {fields.length > 1
          ? (["up", "down"] as const).map((action) => (
              <Button
                key={action}
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Move ${label} ${action}`}
                data-row-action={action}
                disabled={action === "up" ? index === 0 : index === fields.length - 1}
                onClick={() => moveRow(index, action)}
              >
                {action === "up" ? <ArrowUp aria-hidden="true" /> : <ArrowDown aria-hidden="true" />}
              </Button>
            ))
          : null}
        {removeStyle === "text" ? (
          <Button type="button" variant="ghost" size="sm" onClick={() => remove(index)}>
            <X aria-hidden="true" />
            {removeName}
          </Button>
        ) : (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={removeName}
            onClick={() => remove(index)}
          >
            <X aria-hidden="true" />
          </Button>
        )}
      </div>
    );
  };

  return (
    <fieldset className={cn("grid gap-3", props.className)} aria-describedby={describedBy}>
      <legend className="px-1 text-sm font-medium">{legend}</legend>
      {fields.length === 0 && emptyText ? <p className="text-sm text-muted-foreground">{emptyText}</p> : null}
      {fields.length > 0 ? (
        <ul ref={listRef} className={cn("grid gap-3", props.listClassName)}>
          {fields.map((field, index) => {
            const rowError = errorAt(errors, `${name}.${index}`);
            return (
              <li key={field.id} data-row-key={field.id} className={props.rowClassName}>
                {props.renderRow({
                  index,
                  prefix: `${name}.${index}`,
                  controls: controlsOf(index),
                  listError,
                })}
                {rowError ? <p className="text-sm text-error-text sm:col-span-full">{rowError}</p> : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      <Button
        type="button"
        variant="secondary"
        size="sm"
        className="justify-self-start"
        onClick={() => append(newRow())}
      >
        <Plus aria-hidden="true" />
        {addLabel}
      </Button>
      {props.children}
      {listError ? (
        <p id={errorId} className="text-sm text-error-text">
          {listError}
        </p>
      ) : null}
    </fieldset>
  );
}
