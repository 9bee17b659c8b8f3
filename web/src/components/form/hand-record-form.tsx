import type { FormEvent, ReactNode, RefObject } from "react";
import { ConflictNotice } from "@/components/form/conflict-notice";

type RecordFormProps = {
  /** What useRecordForm answers: the form's element, its submit and whether the last save was refused. */
  form: {
    formRef: RefObject<HTMLFormElement>;
    handleSubmit(event: FormEvent<HTMLFormElement>): Promise<boolean>;
    isStale: boolean;
  };
  /** After a save the server accepted (dialogs close). */
  onSaved(): void;
  /** Reads the record again into the form, offered when a save found it changed since it was read. */
  onReload(): Promise<unknown>;
  children: ReactNode;
};

/** The form of a record editor: our own validation, the save, and the notice when someone saved first. */
export function HandRecordForm({ form, onSaved, onReload, children }: RecordFormProps) {
  return (
    <form
      ref={form.formRef}
      noValidate
      className="grid gap-4"
      onSubmit={async (event) => {
        if (await form.handleSubmit(event)) onSaved();
      }}
    >
      {form.isStale ? <ConflictNotice onReload={onReload} /> : null}
      {children}
    </form>
  );
}
