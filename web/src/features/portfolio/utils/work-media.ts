import {
  AUDIO_MAX_BYTES,
  AUDIO_TYPES,
  COVER_MAX_BYTES,
  COVER_TYPES,
  type MediaKind,
  mediaPathOf,
} from "@app/contracts";

const MB = 1024 * 1024;

/** Other names browsers give the audio types the bucket takes (by platform and file extension). */
const AUDIO_ALIASES: Record<string, keyof typeof AUDIO_TYPES> = {
  "audio/mp3": "audio/mpeg",
  "audio/x-m4a": "audio/mp4",
  "audio/m4a": "audio/mp4",
  "audio/x-aac": "audio/aac",
  "audio/x-wav": "audio/wav",
  "audio/wave": "audio/wav",
  "audio/vnd.wave": "audio/wav",
};

const RULES = {
  cover: {
    types: Object.keys(COVER_TYPES),
    maxBytes: COVER_MAX_BYTES,
    hint: `JPEG, PNG or WebP, up to ${COVER_MAX_BYTES / MB} MB.`,
    wrongType: "Choose a JPEG, PNG or WebP image.",
  },
  audio: {
    types: [...Object.keys(AUDIO_TYPES), ...Object.keys(AUDIO_ALIASES)],
    maxBytes: AUDIO_MAX_BYTES,
    hint: `MP3, AAC, M4A, Ogg or WAV, up to ${AUDIO_MAX_BYTES / MB} MB.`,
    wrongType: "Choose an MP3, AAC, M4A, Ogg or WAV file.",
  },
} as const;

/** What the file chooser offers for a kind of media (types and, for audio, their usual extensions). */
export const MEDIA_ACCEPT = {
  cover: RULES.cover.types,
  audio: [...RULES.audio.types, ".mp3", ".m4a", ".aac", ".ogg", ".wav"],
} as const;

export const mediaHint = (kind: MediaKind) => RULES[kind].hint;

/** The bucket's name for a file's type: a browser's alias made the one the bucket lists. */
const canonicalType = (type: string) => AUDIO_ALIASES[type] ?? type;

/**
 * Why a picked file cannot be a work's cover or audio preview, or null when it may be. A hint before
 * uploading: the storage server reads the type from the bytes and holds the size to the bucket's limit.
 */
export function mediaProblem(kind: MediaKind, file: { type: string; size: number }): string | null {
  const rules = RULES[kind];
  if (!(rules.types as readonly string[]).includes(file.type)) return rules.wrongType;
  if (file.size > rules.maxBytes) return `This file is larger than ${rules.maxBytes / MB} MB.`;
  return null;
}

/** A fresh object path for a picked file in the work's folder: a uuid, never the person's file name. */
export function newMediaPath(kind: MediaKind, workId: string, file: { type: string }): string {
  const path = mediaPathOf(kind, workId, crypto.randomUUID(), canonicalType(file.type));
  if (!path) throw new Error(`A ${kind} cannot be a file of type ${file.type}`);
  return path;
}
