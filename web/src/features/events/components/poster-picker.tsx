import { ImageOff } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { POSTER_HINT, POSTER_TYPES, posterProblem } from "@/features/events/utils/event-form";
import { safeImageSrc } from "@/lib/safe-href";

type PosterPickerProps = {
  id: string;
  errorId: string;
  /** The stored poster's address, "" for none. */
  currentUrl: string;
  /** A picked file not uploaded yet (it is uploaded when the form is saved). */
  file: File | null;
  onFileChange(file: File | null): void;
  /** Drops the poster: the picked file, and the stored address when the form is saved. */
  onRemove(): void;
  error?: string;
};

/** The optional event poster: pick an image, see it, or remove it. */
export function PosterPicker({
  id,
  errorId,
  currentUrl,
  file,
  onFileChange,
  onRemove,
  error,
}: PosterPickerProps) {
  const [pickError, setPickError] = useState<string | null>(null);
  // A new input after each removal, so picking the same file again still counts as a change.
  const [inputKey, setInputKey] = useState(0);
  const preview = useObjectUrl(file) ?? safeImageSrc(currentUrl) ?? null;
  const hintId = `${id}-hint`;
  const shownError = pickError ?? error;

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        Poster<span className="font-normal text-muted-foreground"> (optional)</span>
      </Label>
      {preview ? (
        <img
          src={preview}
          alt={file ? `Preview of ${file.name}` : "Current poster"}
          className="h-auto max-h-64 w-full max-w-xs rounded-md border bg-muted object-contain"
        />
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <input
          key={inputKey}
          id={id}
          name="poster"
          type="file"
          accept={POSTER_TYPES.join(",")}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? `${hintId} ${errorId}` : hintId}
          className="max-w-full text-sm text-muted-foreground file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-2 file:text-secondary-foreground hover:file:bg-zinc-700"
          onChange={(event) => {
            const picked = event.target.files?.[0] ?? null;
            const problem = picked ? posterProblem(picked) : null;
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
            <ImageOff aria-hidden="true" />
            Remove poster
          </Button>
        ) : null}
      </div>
      <p id={hintId} className="text-sm text-muted-foreground">
        {POSTER_HINT}
      </p>
      {shownError ? (
        <p id={errorId} className="text-sm text-error-text">
          {shownError}
        </p>
      ) : null}
    </div>
  );
}

/** A blob: address for a picked file while it is shown, released afterwards. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
