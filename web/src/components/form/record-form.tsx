import type { ReactNode } from "react";
import { type FieldValues, FormProvider } from "react-hook-form";
import { ConflictNotice } from "@/components/form/conflict-notice";
import { EditingNotice } from "@/components/form/editing-notice";
import { FormFooter } from "@/components/form/form-footer";
import { errorAt, FORM_ERROR } from "@/components/form/record-resolver";
import type { RecordFormApi } from "@/components/form/use-record-form";
import { cn } from "@/lib/utils";

type RecordFormProps<V extends FieldValues, P> = {
  /** What useRecordForm answers. */
  form: RecordFormApi<V, P>;
  submitLabel: string;
  /** After a save the server accepted (dialogs close); a page's submit may act on its own instead. */
  onSaved?(): void;
  onCancel(): void;
  /** Reads the record again into the form, offered when a save found it changed since it was read. */
  onReload?(): Promise<unknown>;
  /** The record being edited: who else has it open shows above the fields. */
  editing?: { table: string; id: string };
  /** Names the form for screen readers where the page has more than one. */
  label?: string;
  className?: string;
  children: ReactNode;
};

/**
 * The form of a record editor: the fields (children, reading the form from context), the notice when
 * someone saved first, a problem no field owns, and Cancel and a submit button that is disabled while the
 * save runs.
 */
export function RecordForm<V extends FieldValues, P>(props: RecordFormProps<V, P>) {
  const { form, submitLabel, onSaved, onCancel, onReload, editing, label, className, children } = props;
  const { formState } = form.form;
  return (
    <FormProvider {...form.form}>
      <form
        ref={form.formRef}
        noValidate
        aria-label={label}
        className={cn("grid gap-4", className)}
        onSubmit={async (event) => {
          event.preventDefault();
          if (formState.isSubmitting) return;
          if (await form.handleSubmit()) onSaved?.();
        }}
      >
        {editing ? <EditingNotice table={editing.table} id={editing.id} /> : null}
        {children}
        {form.isStale && onReload ? <ConflictNotice onReload={onReload} /> : null}
        <FormFooter
          isBusy={formState.isSubmitting}
          submitLabel={submitLabel}
          formError={errorAt(formState.errors, FORM_ERROR)}
          onCancel={onCancel}
        />
      </form>
    </FormProvider>
  );
}
