import { z } from "zod";
import { staffOnly } from "./crm-companies.table";
import { column, defineTable } from "./define-table";

/** `snake_case_v1`: lower-case words joined by underscores, ending in a version. */
export const CLAUSE_SLUG_PATTERN = /^[a-z][a-z0-9]*(_[a-z0-9]+)*_v\d+$/;

export const clauseSlugSchema = z
  .string()
  .regex(
    CLAUSE_SLUG_PATTERN,
    "A clause slug is snake_case ending in a version, like confidentiality_standard_v1",
  );

let sampleSlugs = 0;

/** The clause library: reusable text a template includes with `{{clause:slug}}`. */
export const legalClausesTable = defineTable({
  name: "legal_clauses",
  area: "legal",
  description: "the reusable clause library templates include by slug (staff only)",
  columns: {
    id: column.uuid().withDefault(),
    slug: column.text(100).refine(clauseSlugSchema, () => `sample_clause_${++sampleSlugs}_v1`),
    title: column.text(200),
    body_md: column.text(20_000),
    tags: column.textList(30, 50).withDefault(),
    /**
     * Title, slug and tags in lower case, kept by the server: the clause search is one case-insensitive
     * `search_text=ilike.*term*` filter that matches any of them.
     */
    search_text: column.text(25_000).generated(),
    owner_id: column.uuid().orNull().generated(),
    created_at: column.timestamp().generated(),
    updated_at: column.timestamp().generated(),
  },
  defaultOrder: "title.asc",
  maxRows: 200,
  policy: staffOnly,
});
