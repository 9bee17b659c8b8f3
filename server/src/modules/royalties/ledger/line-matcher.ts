import type { RoyaltyAliasKind, RoyaltyMatchMethod } from "@app/contracts";

/** What of a statement line matching reads: identifiers as the parser normalised them, and its texts. */
export interface MatchableLine {
  isrc: string | null;
  upc: string | null;
  iswc: string | null;
  work_number: string | null;
  title: string | null;
  artist: string | null;
}

export interface LineMatch {
  work_id: string | null;
  recording_id: string | null;
  method: RoyaltyMatchMethod;
}

export interface CatalogueRecording {
  id: string;
  isrc: string | null;
  upcs: readonly string[];
  title: string;
}

export interface CatalogueWork {
  id: string;
  iswc: string | null;
  title: string;
  /** Society work numbers (learned from CWR acknowledgements). */
  work_numbers: readonly string[];
  writer_names: readonly string[];
}

export interface RememberedMatch {
  identifier_kind: RoyaltyAliasKind;
  identifier: string;
  work_id: string | null;
  recording_id: string | null;
}

/** Upper case without hyphens, dots or spaces: `nl-a1z-26-00123` and `NLA1Z2600123` are one ISRC. */
export const compactIdentifier = (value: string) => value.replace(/[-.\s]/g, "").toUpperCase();

/**
 * A title or name as two spellings of it compare: Unicode-composed, case-folded, spaces collapsed. Accents
 * stay (Swedish titles differ by them); punctuation stays, since "exact" must not merge different works.
 */
export const normalisedText = (value: string) =>
  value.normalize("NFKC").toLocaleLowerCase("sv").replace(/\s+/g, " ").trim();

/**
 * The identifier a manual match of this line is remembered by: its strongest one, as matching compares it.
 * A line with none (no title even) cannot be remembered.
 */
export function aliasKeyOf(line: MatchableLine): { kind: RoyaltyAliasKind; identifier: string } | null {
  if (line.isrc) return { kind: "isrc", identifier: compactIdentifier(line.isrc) };
  if (line.iswc) return { kind: "iswc", identifier: compactIdentifier(line.iswc) };
  if (line.work_number) return { kind: "work_number", identifier: compactIdentifier(line.work_number) };
  if (line.upc) return { kind: "upc", identifier: compactIdentifier(line.upc) };
  if (line.title) return { kind: "title", identifier: normalisedText(line.title) };
  return null;
}

/** Every identifier of a line, as aliases are keyed, strongest first. */
function aliasKeysOf(line: MatchableLine): string[] {
  const keys: string[] = [];
  if (line.isrc) keys.push(`isrc:${compactIdentifier(line.isrc)}`);
  if (line.iswc) keys.push(`iswc:${compactIdentifier(line.iswc)}`);
  if (line.work_number) keys.push(`work_number:${compactIdentifier(line.work_number)}`);
  if (line.upc) keys.push(`upc:${compactIdentifier(line.upc)}`);
  if (line.title) keys.push(`title:${normalisedText(line.title)}`);
  return keys;
}

const only = <T>(list: T[] | undefined): T | undefined => (list?.length === 1 ? list[0] : undefined);

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Matches statement lines against the catalogue and a source's remembered matches, in the order the
 * business trusts them: a recording by ISRC, then by UPC and title; a work by ISWC, then by the society's
 * work number, then by exact title and one of its writers named on the line; then the source's aliases.
 * An identifier two catalogue entries share matches neither: a guess would pay the wrong people.
 * Built once per import, so matching a line costs map look-ups, not queries.
 */
export function createLineMatcher(
  recordings: readonly CatalogueRecording[],
  works: readonly CatalogueWork[],
  aliases: readonly RememberedMatch[],
) {
  const byIsrc = new Map<string, string[]>();
  const byUpcTitle = new Map<string, string[]>();
  for (const r of recordings) {
    if (r.isrc) push(byIsrc, compactIdentifier(r.isrc), r.id);
    for (const upc of r.upcs) push(byUpcTitle, `${compactIdentifier(upc)}\n${normalisedText(r.title)}`, r.id);
  }
  const byIswc = new Map<string, string[]>();
  const byWorkNumber = new Map<string, string[]>();
  const byTitle = new Map<string, CatalogueWork[]>();
  for (const w of works) {
    if (w.iswc) push(byIswc, compactIdentifier(w.iswc), w.id);
    for (const n of w.work_numbers) push(byWorkNumber, compactIdentifier(n), w.id);
    push(byTitle, normalisedText(w.title), w);
  }
  const byAlias = new Map(aliases.map((a) => [`${a.identifier_kind}:${a.identifier}`, a]));

  const recording = (id: string | undefined, method: RoyaltyMatchMethod): LineMatch | undefined =>
    id ? { work_id: null, recording_id: id, method } : undefined;
  const work = (id: string | undefined, method: RoyaltyMatchMethod): LineMatch | undefined =>
    id ? { work_id: id, recording_id: null, method } : undefined;

  function byTitleAndWriter(line: MatchableLine): string | undefined {
    if (!line.title || !line.artist) return undefined;
    const named = normalisedText(line.artist);
    const candidates = (byTitle.get(normalisedText(line.title)) ?? []).filter((w) =>
      w.writer_names.some((name) => name.trim() !== "" && named.includes(normalisedText(name))),
    );
    return only(candidates)?.id;
  }

  function byRemembered(line: MatchableLine): LineMatch | undefined {
    for (const key of aliasKeysOf(line)) {
      const alias = byAlias.get(key);
      if (alias) return { work_id: alias.work_id, recording_id: alias.recording_id, method: "alias" };
    }
    return undefined;
  }

  return (line: MatchableLine): LineMatch | null =>
    (line.isrc ? recording(only(byIsrc.get(compactIdentifier(line.isrc))), "isrc") : undefined) ??
    (line.upc && line.title
      ? recording(
          only(byUpcTitle.get(`${compactIdentifier(line.upc)}\n${normalisedText(line.title)}`)),
          "upc_title",
        )
      : undefined) ??
    (line.iswc ? work(only(byIswc.get(compactIdentifier(line.iswc))), "iswc") : undefined) ??
    (line.work_number
      ? work(only(byWorkNumber.get(compactIdentifier(line.work_number))), "work_number")
      : undefined) ??
    work(byTitleAndWriter(line), "title_writer") ??
    byRemembered(line) ??
    null;
}
