import { postgrestErrorSchema } from "@app/contracts";

/*
 * Small helpers for speaking PostgREST's URL grammar and reading its answers, shared by every screen
 * that reads or writes a table of the data API.
 */

// PostgREST's `Content-Range: 0-49/64` (or `*/0` when empty) carries the total after the slash.
export function parseContentRangeTotal(header: string | null | undefined): number | null {
  const total = header?.split("/")[1];
  if (!total || total === "*") return null;
  const parsed = Number.parseInt(total, 10);
  return Number.isFinite(parsed) ? parsed : null;
}

/**
 * A value inside `or=(…)` or `{…}`, double-quoted so commas, parentheses and dots a person typed are
 * text, not grammar (PostgREST unquotes it, a backslash escaping `"` and `\`).
 */
export function quoteValue(value: string): string {
  return `"${value.replace(/["\\]/g, (ch) => `\\${ch}`)}"`;
}

/**
 * A case-insensitive search over several columns: every word must appear in one of them, so "nova lind"
 * finds Nova Lind although no single column holds both words. Undefined when there is nothing to find.
 */
export function searchFilter(
  columns: readonly string[],
  text: string,
  /** Further conditions a word may meet instead (`roles.ov.{…}` for list columns, which ilike cannot read). */
  alsoMatching: (word: string) => string[] = () => [],
): string | undefined {
  const words = text.trim().split(/\s+/).filter(Boolean).slice(0, 5);
  if (words.length === 0) return undefined;
  const anyColumn = (word: string) =>
    `or(${[...columns.map((column) => `${column}.ilike.${quoteValue(`*${word}*`)}`), ...alsoMatching(word)].join(",")})`;
  return `(${words.map(anyColumn).join(",")})`;
}

/** `ov.{"Pop","K-Pop"}`: the list column holds at least one of these values. */
export function containsAny(values: readonly string[]): string {
  return `ov.{${values.map(quoteValue).join(",")}}`;
}

/** `cs.{"Mix Engineer"}`: the list column holds every one of these values. */
export function containsAll(values: readonly string[]): string {
  return `cs.{${values.map(quoteValue).join(",")}}`;
}

/** The numbers "Showing 1–50 of 64" names, for a page counted from 1. */
export function pageWindow(page: number, pageSize: number, rowsOnPage: number) {
  const from = rowsOnPage === 0 ? 0 : (page - 1) * pageSize + 1;
  return { from, to: from === 0 ? 0 : from + rowsOnPage - 1 };
}

export type RowsAnswer<T> = { rows: T[]; total: number };

/** The rows of a list answer (200, or 206 for a partial page) and the total its Content-Range names. */
export function readRows<T>(response: { body: unknown; headers: Headers }): RowsAnswer<T> {
  const rows = (Array.isArray(response.body) ? response.body : []) as T[];
  return { rows, total: parseContentRangeTotal(response.headers.get("content-range")) ?? rows.length };
}

/**
 * A versioned write matched no row: the record changed (or went away) since it was read, so nothing was
 * saved. The screens offer to reload instead of overwriting someone else's change.
 */
export class StaleRecordError extends Error {
  constructor() {
    super("Someone else changed this record while you were editing it, so your changes were not saved.");
    this.name = "StaleRecordError";
  }
}

/**
 * An RPC's refusal of a save made against a version that is no longer the record's (409, PostgreSQL's
 * serialization_failure): the RPC's form of the empty answer a versioned PATCH gives.
 */
export function isStaleVersion(response: { status: number; body: unknown }): boolean {
  return response.status === 409 && (response.body as { code?: unknown } | null)?.code === "40001";
}

/** The filters of a save that must not overwrite a newer version: `id=eq.…&updated_at=eq.<version read>`. */
export function versionedFilter(id: string, updatedAt: string) {
  return { id: `eq.${id}`, updated_at: `eq.${updatedAt}` };
}

/** The row a `return=representation` write sent back; an empty array is a stale version. */
export function writtenRow<T>(response: { status: number; body: unknown }): T {
  const rows = Array.isArray(response.body) ? response.body : [response.body];
  const [row] = rows;
  if (row === undefined || row === null) throw new StaleRecordError();
  return row as T;
}

/** The response when it is a success, else thrown, so React Query and the toast path see a failure. */
export function expectSuccess<R extends { status: number }>(response: R): R {
  if (response.status < 200 || response.status > 299) throw response;
  return response;
}

export type FieldError = { field: string; message: string };

const COLUMN_IN_MESSAGE = /column "([a-z_]+)"|the '([a-z_]+)' column|Key \(([a-z_]+)\)/;

/**
 * Which column a refused write names, to show the server's words next to that field: a value the
 * table's schema refused (22P02), a missing required value (23502), a duplicate (23505).
 */
export function fieldErrorOf(error: unknown): FieldError | null {
  const body = (error as { body?: unknown } | null)?.body;
  const parsed = postgrestErrorSchema.safeParse(body);
  if (!parsed.success) return null;
  const { code, message, details } = parsed.data;
  const match = COLUMN_IN_MESSAGE.exec(`${message} ${details ?? ""}`);
  const field = match?.[1] ?? match?.[2] ?? match?.[3];
  if (!field) return null;
  if (code === "22P02") return { field, message: message.slice(message.indexOf(": ") + 2) || message };
  if (code === "23502") return { field, message: "This field is required" };
  if (code === "23505") return { field, message: "This value is already taken" };
  return { field, message };
}
