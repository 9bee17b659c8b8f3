import { normalizeIsrc, tables } from "@app/contracts";
import type { ExternalLinkItem, PortfolioItem } from "@/features/portfolio/api/list-portfolio-works";
import { nullIfBlank, numberOrNull, textOf } from "@/lib/form-values";
import { requireText } from "@/lib/require-text";

/** The statuses offered for a work; "Released" is the table's default. */
export const WORK_STATUSES = ["Released", "In Production", "Unreleased"] as const;

/** A work as its form holds it: text for every field, lists for tags and links. */
export type WorkFormValues = {
  title: string;
  year: string;
  role: string;
  description: string;
  status: string;
  isrc: string;
  upc: string;
  iswc: string;
  tags: string[];
  external_links: ExternalLinkItem[];
  /** The stored cover's and audio preview's paths, "" for none (a picked file replaces them on save). */
  cover_path: string;
  audio_path: string;
};

export function toWorkFormValues(work?: PortfolioItem | null): WorkFormValues {
  return {
    title: textOf(work?.title),
    year: textOf(work?.year ?? new Date().getFullYear()),
    role: textOf(work?.role),
    description: textOf(work?.description),
    status: textOf(work?.status ?? WORK_STATUSES[0]),
    isrc: textOf(work?.isrc),
    upc: textOf(work?.upc),
    iswc: textOf(work?.iswc),
    tags: work?.tags ?? [],
    external_links: work?.external_links ?? [],
    cover_path: textOf(work?.cover_path),
    audio_path: textOf(work?.audio_path),
  };
}

/*
 * Codes as people write them, as the table keeps them: an ISRC's hyphens go (SE-ABC-23-00001 is
 * SEABC2300001), an ISWC's hyphens and dots too (T-034.524.680-1), a UPC's spaces. Text that is no code
 * at all is sent as typed, so the table's schema refuses it with its own words.
 */
const isrcOf = (text: string) => (text.trim() === "" ? null : (normalizeIsrc(text.trim()) ?? text.trim()));
const iswcOf = (text: string) => nullIfBlank(text.replace(/[\s.-]/g, "").toUpperCase());
const upcOf = (text: string) => nullIfBlank(text.replace(/\s/g, ""));

/** What the edit dialog changes: title, role, description, tags, the work's codes and its media. */
export function toWorkChanges(values: WorkFormValues): Record<string, unknown> {
  return {
    cover_path: nullIfBlank(values.cover_path),
    audio_path: nullIfBlank(values.audio_path),
    title: values.title.trim(),
    role: values.role.trim(),
    description: values.description.trim(),
    tags: values.tags,
    isrc: isrcOf(values.isrc),
    upc: upcOf(values.upc),
    iswc: iswcOf(values.iswc),
  };
}

const isBlankLink = (link: ExternalLinkItem) => link.platform.trim() === "" && link.url.trim() === "";

/** A new work of `talentId`: every field of the add dialog; link rows left wholly blank are dropped. */
export function toNewWork(values: WorkFormValues, talentId: string): Record<string, unknown> {
  return {
    ...toWorkChanges(values),
    talent_id: talentId,
    // A blank year is left out, so the schema says it is required rather than "expected a number".
    year: values.year.trim() === "" ? undefined : numberOrNull(values.year),
    status: values.status,
    external_links: values.external_links
      .filter((link) => !isBlankLink(link))
      .map((link) => ({ platform: link.platform.trim(), url: link.url.trim() })),
  };
}

/** A problem with the payload's n-th link belongs to the n-th link row that is not blank. */
export function workFormPathOf(payloadPath: string[], values: WorkFormValues): string[] {
  const [field, position, ...rest] = payloadPath;
  if (field !== "external_links" || position === undefined) return payloadPath;
  const rows = values.external_links.flatMap((link, index) => (isBlankLink(link) ? [] : [index]));
  return [field, String(rows[Number(position)] ?? position), ...rest];
}

const TEXT_FIELDS = ["title", "role"];
export const workInsertSchema = requireText(tables.portfolio_items.insert, TEXT_FIELDS);
export const workUpdateSchema = requireText(tables.portfolio_items.update, TEXT_FIELDS);
