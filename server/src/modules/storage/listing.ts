import { z } from "zod";
import { AppError } from "../../http/app-error";
import { listPrefix } from "./object-key";
import { fileObject, type ObjectRow } from "./repository";

const listBodySchema = z.object({
  prefix: z.string().max(1024).optional(),
  limit: z.number().int().min(1).max(1000).default(100),
  offset: z.number().int().min(0).max(1_000_000).default(0),
  sortBy: z
    .object({
      column: z.enum(["name", "created_at", "updated_at", "last_accessed_at"]).default("name"),
      order: z
        .string()
        .transform((o) => o.toLowerCase())
        .pipe(z.enum(["asc", "desc"]))
        .default("asc"),
    })
    .default({}),
  search: z.string().max(255).optional(),
});

export type ListOptions = ReturnType<typeof parseListBody>;

/** The list body, with storage-js's defaults; the prefix as a folder path (`a/b/`, or empty). */
export function parseListBody(body: unknown) {
  const parsed = listBodySchema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError("invalid_request", `${issue?.path.join(".") || "body"}: ${issue?.message}`);
  }
  return { ...parsed.data, prefix: listPrefix(parsed.data.prefix) };
}

type ListEntry = ReturnType<typeof fileObject> | ReturnType<typeof folderEntry>;

/** A folder, as Supabase lists one: a name and nothing else (id null marks it as a folder). */
function folderEntry(name: string) {
  return { name, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null };
}

/**
 * One level of a bucket as storage-js's list() shows it: the folders and files directly under `prefix`,
 * the names starting with `search` (case-insensitively), sorted, then the page `offset`..`offset+limit`.
 * Sorting by a timestamp puts folders (which have none) first.
 */
export function listLevel(rows: ObjectRow[], options: ListOptions) {
  const { prefix, limit, offset, sortBy, search } = options;
  const needle = search?.toLowerCase() ?? "";
  const folders = new Set<string>();
  const files: ListEntry[] = [];
  for (const row of rows) {
    const rest = row.name.slice(prefix.length);
    const slash = rest.indexOf("/");
    const name = slash < 0 ? rest : rest.slice(0, slash);
    if (!name.toLowerCase().startsWith(needle)) continue;
    if (slash < 0) files.push({ ...fileObject(row), name });
    else folders.add(name);
  }
  const byName = (a: ListEntry, b: ListEntry) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const direction = sortBy.order === "desc" ? -1 : 1;
  const folderEntries = [...folders].map(folderEntry);
  let entries: ListEntry[];
  if (sortBy.column === "name") {
    entries = [...folderEntries, ...files].sort((a, b) => direction * byName(a, b));
  } else {
    const column = sortBy.column;
    const at = (e: ListEntry) => e[column] ?? "";
    folderEntries.sort(byName);
    files.sort((a, b) => direction * (at(a) < at(b) ? -1 : at(a) > at(b) ? 1 : byName(a, b)));
    entries = [...folderEntries, ...files];
  }
  return entries.slice(offset, offset + limit);
}
