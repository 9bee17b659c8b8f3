import { AUDIO_MAX_BYTES, COVER_MAX_BYTES, mediaPathPattern } from "@app/contracts";
import { describe, expect, it } from "vitest";
import { mediaProblem, newMediaPath } from "@/features/portfolio/utils/work-media";

const WORK = "7f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b";

describe("a work's media files", () => {
  it.each([
    ["cover", "image/webp", COVER_MAX_BYTES, null],
    ["cover", "image/jpeg", COVER_MAX_BYTES + 1, "This file is larger than 10 MB."],
    ["cover", "image/gif", 10, "Choose a JPEG, PNG or WebP image."],
    ["cover", "audio/mpeg", 10, "Choose a JPEG, PNG or WebP image."],
    ["audio", "audio/x-m4a", AUDIO_MAX_BYTES, null],
    ["audio", "audio/wav", AUDIO_MAX_BYTES + 1, "This file is larger than 50 MB."],
    ["audio", "video/mp4", 10, "Choose an MP3, AAC, M4A, Ogg or WAV file."],
  ] as const)("a %s of type %s and %i bytes: %s", (kind, type, size, problem) => {
    expect(mediaProblem(kind, { type, size })).toBe(problem);
  });

  it("names an upload by a fresh uuid in the work's folder, with its type's extension, never the file's name", () => {
    const first = newMediaPath("audio", WORK, { type: "audio/x-m4a" });
    const second = newMediaPath("audio", WORK, { type: "audio/x-m4a" });
    expect(first).toMatch(mediaPathPattern("audio"));
    expect(first).toMatch(new RegExp(`^${WORK}/[0-9a-f-]{36}\\.m4a$`));
    expect(second).not.toBe(first);
    expect(newMediaPath("cover", WORK, { type: "image/jpeg" })).toMatch(/\.jpg$/);
  });
});
