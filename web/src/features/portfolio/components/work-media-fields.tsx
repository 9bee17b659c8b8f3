import type { MediaKind } from "@app/contracts";
import { ImageOff, VolumeX } from "lucide-react";
import { useId } from "react";
import { useFormContext } from "react-hook-form";
import { FilePicker } from "@/components/form/file-picker";
import { MEDIA_COLUMN, mediaUrl, type PickedMedia } from "@/features/portfolio/api/work-media";
import type { WorkFormValues } from "@/features/portfolio/utils/work-form";
import { MEDIA_ACCEPT, mediaHint, mediaProblem } from "@/features/portfolio/utils/work-media";

type WorkMediaFieldsProps = {
  picked: PickedMedia;
  onPick(kind: MediaKind, file: File | null): void;
};

const FIELDS = {
  cover: { label: "Cover image", name: "cover", removeLabel: "Remove cover", removeIcon: ImageOff },
  audio: { label: "Audio preview", name: "audio", removeLabel: "Remove audio", removeIcon: VolumeX },
} as const;

/** A work's cover image and audio preview: picked here, uploaded into the work's folder when saved. */
export function WorkMediaFields({ picked, onPick }: WorkMediaFieldsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <MediaField kind="cover" picked={picked} onPick={onPick} />
      <MediaField kind="audio" picked={picked} onPick={onPick} />
    </div>
  );
}

function MediaField({ kind, picked, onPick }: WorkMediaFieldsProps & { kind: MediaKind }) {
  const id = useId();
  const form = useFormContext<WorkFormValues>();
  const column = MEDIA_COLUMN[kind];
  return (
    <FilePicker
      {...FIELDS[kind]}
      id={id}
      errorId={`${id}-error`}
      accept={MEDIA_ACCEPT[kind]}
      hint={mediaHint(kind)}
      problemOf={(file) => mediaProblem(kind, file)}
      currentUrl={mediaUrl(form.watch(column))}
      file={picked[kind] ?? null}
      onFileChange={(file) => onPick(kind, file)}
      onRemove={() => {
        onPick(kind, null);
        form.setValue(column, "");
      }}
      error={form.formState.errors[column]?.message}
      renderPreview={(src, file) =>
        kind === "cover" ? (
          <img
            src={src}
            alt={file ? `Preview of ${file.name}` : "Current cover"}
            className="aspect-square h-auto w-full max-w-40 rounded-md border bg-muted object-contain"
          />
        ) : (
          <div className="grid gap-1">
            <p className="truncate text-sm">{file ? file.name : "Current audio preview"}</p>
            {/* biome-ignore lint/a11y/useMediaCaption: a music preview has no words to caption */}
            <audio
              controls
              preload="metadata"
              src={src}
              className="w-full"
              aria-label={`Preview of ${file?.name ?? "the current audio"}`}
            />
          </div>
        )
      }
    />
  );
}
