import { type FormEvent, useId, useState } from "react";
import { FormField } from "@/components/form/form-field";
import { FormFooter } from "@/components/form/form-footer";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { useLinkSplitSheet, useSignedSplitSheets } from "@/features/royalties/api/royalties";
import { describeApiError } from "@/lib/api-errors";

/**
 * Links a split sheet every writer signed to a work, from a day: the work's money earned from that day on
 * is divided by it, and money earned before stays with the sheet in force then.
 */
export function LinkSplitSheetDialog({
  work,
  onClose,
}: {
  work: { id: string; title: string };
  onClose(): void;
}) {
  const id = useId();
  const sheets = useSignedSplitSheets();
  const link = useLinkSplitSheet();
  const [documentId, setDocumentId] = useState("");
  const [from, setFrom] = useState("");
  const [problems, setProblems] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!documentId) found.document = "Choose a fully signed split sheet";
    if (!from) found.from = "Give the day it is in force from";
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    link.mutate(
      { work_id: work.id, legal_document_id: documentId, effective_from: from },
      {
        onSuccess: onClose,
        onError: (error) => setProblems({ form: describeApiError(error) }),
      },
    );
  };
  const described = (name: string) => ({
    id: `${id}-${name}`,
    "aria-describedby": problems[name] ? `${id}-${name}-error` : undefined,
    "aria-invalid": problems[name] ? true : undefined,
  });

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Link a split sheet to {work.title}</DialogTitle>
          <DialogDescription>
            Money the work earns from the day on is divided by the sheet's shares; earlier money keeps the
            sheet in force then.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormField
            id={`${id}-document`}
            errorId={`${id}-document-error`}
            label="Fully signed split sheet"
            error={problems.document}
          >
            <NativeSelect
              {...described("document")}
              value={documentId}
              onChange={(e) => setDocumentId(e.target.value)}
            >
              <option value="">
                {sheets.isPending
                  ? "Loading…"
                  : sheets.data?.length
                    ? "Choose a split sheet"
                    : "No fully signed split sheet yet"}
              </option>
              {(sheets.data ?? []).map((sheet) => (
                <option key={sheet.id} value={sheet.id}>
                  {sheet.title}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField
            id={`${id}-from`}
            errorId={`${id}-from-error`}
            label="In force from"
            error={problems.from}
          >
            <Input
              {...described("from")}
              type="date"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
            />
          </FormField>
          <FormFooter
            isBusy={link.isPending}
            submitLabel="Link split sheet"
            formError={problems.form}
            onCancel={onClose}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
