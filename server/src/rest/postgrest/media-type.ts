import { restError } from "../../http/rest-error";

/** What a table's answer may be: rows as JSON, one row as an object, or rows as CSV. */
export type MediaType = "json" | "object" | "csv";

/** The media types a table answers, as PostgREST names them (a wildcard takes JSON, its default). */
const TABLE_MEDIA: Record<string, MediaType> = {
  "*/*": "json",
  "application/*": "json",
  "application/json": "json",
  "application/vnd.pgrst.array+json": "json",
  "application/vnd.pgrst.object": "object",
  "application/vnd.pgrst.object+json": "object",
  "text/csv": "csv",
};

/** Enough for any real Accept header; more only costs parsing. */
const MAX_RANGES = 20;

interface MediaRange {
  type: string;
  quality: number;
  /**
   * PostgREST's `;nulls=stripped` (rows without their null keys): not implemented, so a range asking for
   * it is one this server cannot answer rather than one answered with the nulls left in.
   */
  stripsNulls: boolean;
}

function mediaRanges(accept: string): MediaRange[] {
  return accept
    .split(",")
    .slice(0, MAX_RANGES)
    .map((range) => {
      const [type = "", ...params] = range.split(";").map((p) => p.trim());
      const q = params.find((p) => /^q=/i.test(p));
      const quality = q ? Number(q.slice(2)) : 1;
      const stripsNulls = params.some((p) => /^nulls=/i.test(p));
      return { type: type.toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, stripsNulls };
    })
    .filter((r) => r.type !== "");
}

/**
 * The answer's media type by the Accept header: the client's most preferred type the table can answer
 * (in the order written among equal qualities), JSON when no Accept is sent, and otherwise PostgREST's
 * 406, decided before anything is read or written.
 */
export function negotiate<M extends string = MediaType>(
  accept: string | undefined,
  available: Record<string, M> = TABLE_MEDIA as Record<string, M>,
): M {
  const fallback = available["*/*"] as M;
  if (accept === undefined || accept.trim() === "") return fallback;
  const ranges = mediaRanges(accept);
  const wanted = ranges.filter((r) => r.quality > 0 && !r.stripsNulls).sort((a, b) => b.quality - a.quality);
  for (const range of wanted) {
    const media = available[range.type];
    if (media) return media;
  }
  throw restError(
    "PGRST107",
    `None of these media types are available: ${ranges.map((r) => `${r.type}${r.stripsNulls ? "; nulls=stripped" : ""}`).join(", ")}`,
  );
}
