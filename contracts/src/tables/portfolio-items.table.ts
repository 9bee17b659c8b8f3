import { z } from "zod";
import { mediaPathSchema, PORTFOLIO_MEDIA_BUCKET } from "../portfolio-media";
import { ISRC_PATTERN, ISWC_PATTERN, isValidIswc, isValidUpcOrEan } from "../royalties/identifiers";
import { staffOnly } from "./crm-companies.table";
import { column, defineTable } from "./define-table";

export const isrcSchema = z
  .string()
  .regex(ISRC_PATTERN, "An ISRC is CC-XXX-YY-NNNNN, stored without hyphens (CCXXXYYNNNNN)");
export const upcSchema = z
  .string()
  .refine(isValidUpcOrEan, "A UPC has 12 digits and an EAN 13, the last a valid check digit");
export const iswcSchema = z
  .string()
  .regex(ISWC_PATTERN, "An ISWC is T followed by ten digits (T1234567890)")
  .refine(isValidIswc, "This ISWC's check digit does not match");

/** A talent's works, shown and edited in the portfolio builder. */
export const portfolioItemsTable = defineTable({
  name: "portfolio_items",
  area: "site",
  description: "the works in each talent's portfolio (staff only)",
  columns: {
    id: column.uuid().withDefault(),
    talent_id: column.uuid().foreignKeyTo("crm_contacts"),
    title: column.text(200),
    year: column.integer().refine(z.number().int().min(1900).max(2100), 2024),
    role: column.text(200),
    description: column.text(5000).withDefault(),
    status: column.text(50).withDefault(),
    isrc: column.text(12).refine(isrcSchema, "SEABC2300001").orNull(),
    upc: column.text(13).refine(upcSchema, "7300000000011").orNull(),
    iswc: column.text(11).refine(iswcSchema, "T0345246801").orNull(),
    featured: column.boolean().withDefault(),
    tags: column.textList(30, 50).withDefault(),
    /** Where the work can be heard or bought: web pages only (a platform is never an e-mail address). */
    external_links: column.links(20).withDefault(),
    /** The cover image's object in the portfolio-media bucket: under the work's id (see portfolio-media.ts). */
    cover_path: column
      .text(100)
      .refine(
        mediaPathSchema("cover"),
        "00000000-0000-4000-8000-000000000001/00000000-0000-4000-8000-000000000002.png",
      )
      .objectKeyIn(PORTFOLIO_MEDIA_BUCKET)
      .orNull(),
    /** The audio preview's object in the portfolio-media bucket, named like the cover. */
    audio_path: column
      .text(100)
      .refine(
        mediaPathSchema("audio"),
        "00000000-0000-4000-8000-000000000001/00000000-0000-4000-8000-000000000003.mp3",
      )
      .objectKeyIn(PORTFOLIO_MEDIA_BUCKET)
      .orNull(),
    /** The project that produced the work or recording. */
    project_id: column.uuid().foreignKeyTo("projects").orNull(),
    created_at: column.timestamp().generated(),
    updated_at: column.timestamp().generated(),
  },
  defaultOrder: "year.desc",
  maxRows: 200,
  policy: staffOnly,
});
