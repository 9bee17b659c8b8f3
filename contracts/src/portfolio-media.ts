import { z } from "zod";

/*
 * A work's cover image and audio preview, kept in the public `portfolio-media` bucket. The bucket takes
 * exactly these types (its migration lists them too); the size limits are what the dialog allows before
 * uploading, both within the bucket's own limit of 50 MB.
 */
export const PORTFOLIO_MEDIA_BUCKET = "portfolio-media";

/** Each type the bucket takes, with the extension its objects are named with. */
export const COVER_TYPES = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" } as const;
export const AUDIO_TYPES = {
  "audio/mpeg": "mp3",
  "audio/mp4": "m4a",
  "audio/aac": "aac",
  "audio/ogg": "ogg",
  "audio/wav": "wav",
} as const;

const MB = 1024 * 1024;
export const PORTFOLIO_MEDIA_MAX_BYTES = 50 * MB;
export const COVER_MAX_BYTES = 10 * MB;
/** An audio preview may take the whole of the bucket's limit. */
export const AUDIO_MAX_BYTES = 50 * MB;

export type MediaKind = "cover" | "audio";
const TYPES_OF = { cover: COVER_TYPES, audio: AUDIO_TYPES } as const;

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const extensionsOf = (kind: MediaKind) => [...new Set(Object.values(TYPES_OF[kind]))].join("|");

/**
 * An object's path: the work's id as its folder, then a fresh uuid with the extension of its type. The
 * person's file name is never part of it, so a name can neither collide nor carry anything into a URL.
 */
export const mediaPathPattern = (kind: MediaKind) =>
  new RegExp(`^(${UUID})/${UUID}\\.(${extensionsOf(kind)})$`);

/** The work a media path belongs to (its folder), or null for a path that is no media path of `kind`. */
export function workIdOfMediaPath(kind: MediaKind, path: string): string | null {
  return mediaPathPattern(kind).exec(path)?.[1] ?? null;
}

/** The path of object `objectId` (a fresh uuid) of `type` in work `workId`; null for a type not taken. */
export function mediaPathOf(kind: MediaKind, workId: string, objectId: string, type: string): string | null {
  const extension = (TYPES_OF[kind] as Record<string, string>)[type];
  return extension ? `${workId}/${objectId}.${extension}` : null;
}

export const mediaPathSchema = (kind: MediaKind) =>
  z.string().regex(mediaPathPattern(kind), `A ${kind} path is <work id>/<uuid>.<${extensionsOf(kind)}>`);
