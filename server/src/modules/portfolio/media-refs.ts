import { PORTFOLIO_MEDIA_BUCKET } from "@app/contracts";

/** The stored objects works point at (their cover and audio preview), as bucket and key. */
export function mediaRefsOf(works: Record<string, unknown>[]) {
  return works.flatMap((work) =>
    [work.cover_path, work.audio_path].flatMap((key) =>
      typeof key === "string" ? [{ bucket: PORTFOLIO_MEDIA_BUCKET, key }] : [],
    ),
  );
}
