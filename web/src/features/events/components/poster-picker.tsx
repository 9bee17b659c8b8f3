import { ImageOff } from "lucide-react";
import { FilePicker } from "@/components/form/file-picker";
import { POSTER_HINT, POSTER_TYPES, posterProblem } from "@/features/events/utils/event-form";
import { safeImageSrc } from "@/lib/safe-href";

type PosterPickerProps = {
  id: string;
  errorId: string;
  /** The stored poster's address, "" for none. */
  currentUrl: string;
  file: File | null;
  onFileChange(file: File | null): void;
  onRemove(): void;
  error?: string;
};

/** The optional event poster: pick an image, see it, or remove it. */
export function PosterPicker({ currentUrl, ...props }: PosterPickerProps) {
  return (
    <FilePicker
      {...props}
      label="Poster"
      name="poster"
      accept={POSTER_TYPES}
      hint={POSTER_HINT}
      problemOf={posterProblem}
      currentUrl={safeImageSrc(currentUrl) ?? ""}
      removeLabel="Remove poster"
      removeIcon={ImageOff}
      renderPreview={(src, file) => (
        <img
          src={src}
          alt={file ? `Preview of ${file.name}` : "Current poster"}
          className="h-auto max-h-64 w-full max-w-xs rounded-md border bg-muted object-contain"
        />
      )}
    />
  );
}
