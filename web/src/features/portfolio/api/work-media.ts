import { type MediaKind, PORTFOLIO_MEDIA_BUCKET } from "@app/contracts";
import { FieldProblem } from "@/components/form/use-record-form";
import { newMediaPath } from "@/features/portfolio/utils/work-media";
import { describeApiError } from "@/lib/api-errors";
import { publicObjectUrl, removeFolder, removeObjects, uploadPublicObject } from "@/lib/storage-upload";

export const MEDIA_COLUMN = { cover: "cover_path", audio: "audio_path" } as const;
type MediaColumn = (typeof MEDIA_COLUMN)[MediaKind];
/** The files picked in the dialog and not uploaded yet. */
export type PickedMedia = Partial<Record<MediaKind, File | null>>;

/** Where anyone reads a work's stored cover or audio preview. */
export const mediaUrl = (path: string | null | undefined) =>
  path ? publicObjectUrl(PORTFOLIO_MEDIA_BUCKET, path) : "";

/**
 * Uploads the picked files into the work's folder and answers the columns that now point at them. When
 * one upload is refused, those already made are deleted again, and the refusal is shown by its field.
 */
export async function uploadWorkMedia(workId: string, picked: PickedMedia) {
  const columns: Partial<Record<MediaColumn, string>> = {};
  for (const [kind, file] of Object.entries(picked) as [MediaKind, File | null][]) {
    if (!file) continue;
    const path = newMediaPath(kind, workId, file);
    try {
      await uploadPublicObject(PORTFOLIO_MEDIA_BUCKET, path, file);
    } catch (error) {
      await discardMedia(Object.values(columns));
      throw new FieldProblem(MEDIA_COLUMN[kind], describeApiError(error));
    }
    columns[MEDIA_COLUMN[kind]] = path;
  }
  return columns;
}

/**
 * Deletes objects no saved work points at any more: the files a save replaced or removed, or uploads
 * whose save was refused. Best effort: the save itself has already been decided.
 */
export async function discardMedia(paths: readonly (string | null | undefined)[]) {
  const named = paths.filter((path): path is string => Boolean(path));
  await removeObjects(PORTFOLIO_MEDIA_BUCKET, named).catch(() => undefined);
}

/** Deletes everything in a deleted work's folder: its cover, its audio preview, any leftover upload. */
export async function discardWorkFolder(workId: string) {
  await removeFolder(PORTFOLIO_MEDIA_BUCKET, workId).catch(() => undefined);
}
