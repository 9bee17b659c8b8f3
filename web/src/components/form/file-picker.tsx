import type { LucideIcon } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { useObjectUrl } from "@/lib/use-object-url";

export type FilePickerProps = {
  id: string;
  errorId: string;
  /** The field's name as a person reads it ("Poster", "Cover image"). */
  label: string;
  /** The input's form name. */
  name: string;
  /** The content types offered by the browser's file chooser. */
  accept: readonly string[];
  /** The types and size allowed, shown under the field. */
  hint: string;
  /** Why a picked file cannot be taken, or null when it can. */
  problemOf(file: File): string | null;
  /** The stored file's address, "" for none. */
  currentUrl: string;
  /** A picked file not uploaded yet (it is uploaded when the form is saved). */
  file: File | null;
  onFileChange(file: File | null): void;
  /** Drops the file: the picked one, and the stored one when the form is saved. */
  onRemove(): void;
  removeLabel: string;
  removeIcon: LucideIcon;
  /** The file as shown: from a blob: address while picked, from the stored address otherwise. */
  renderPreview(src: string, file: File | null): ReactNode;
  error?: string;
};

/** An optional file of a form: pick one, see or hear it, replace it by picking again, or remove it. */
export function FilePicker(props: FilePickerProps) {
  const { id, errorId, label, name, accept, hint, problemOf, currentUrl, file, onFileChange, onRemove } =
    props;
  const [pickError, setPickError] = useState<string | null>(null);
  // A new input after each removal, so picking the same file again still counts as a change.
  const [inputKey, setInputKey] = useState(0);
  const preview = useObjectUrl(file) ?? (currentUrl || null);
  const hintId = `${id}-hint`;
  const shownError = pickError ?? props.error;
  const RemoveIcon = props.removeIcon;

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        {label}
        <span className="font-normal text-muted-foreground"> (optional)</span>
      </Label>
      {preview ? props.renderPreview(preview, file) : null}
      <div className="flex flex-wrap items-center gap-2">
        <input
          key={inputKey}
          id={id}
          name={name}
          type="file"
          accept={accept.join(",")}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? `${hintId} ${errorId}` : hintId}
          className="max-w-full text-sm text-muted-foreground file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-2 file:text-secondary-foreground hover:file:bg-zinc-700"
          onChange={(event) => {
            const picked = event.target.files?.[0] ?? null;
            const problem = picked ? problemOf(picked) : null;
            setPickError(problem);
            if (problem) {
              setInputKey((key) => key + 1);
              return;
            }
            onFileChange(picked);
          }}
        />
        {preview ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => {
              setPickError(null);
              setInputKey((key) => key + 1);
              onRemove();
            }}
          >
            <RemoveIcon aria-hidden="true" />
            {props.removeLabel}
          </Button>
        ) : null}
      </div>
      <p id={hintId} className="text-sm text-muted-foreground">
        {hint}
      </p>
      {shownError ? (
        <p id={errorId} className="text-sm text-error-text">
          {shownError}
        </p>
      ) : null}
    </div>
  );
}
