import type { AppError } from "../http/app-error";
import { isErrorCode } from "../http/error-catalogue";
import { restError } from "../http/rest-error";

/**
 * A database constraint error as PostgREST answers it: PostgreSQL's SQLSTATE as the code, its message and
 * detail. PostgreSQL's own error is passed on as it is; SQLite's is rewritten into PostgreSQL's words, so
 * an integrator sees the same answer whichever engine runs the product. Anything else is not ours to
 * explain and is rethrown (it becomes a 500 without details).
 */

/** HTTP status per SQLSTATE, as PostgREST maps them. */
const statusOf: Record<string, number> = {
  "23505": 409,
  "23503": 409,
  "23502": 400,
  "23514": 400,
  "22P02": 400,
  "22001": 400,
  "22003": 400,
  "22007": 400,
  "22008": 400,
  "22021": 400,
  "22009": 400,
  "22025": 400,
  "2201B": 400,
  "22P05": 400,
  "42P10": 400,
  "23P01": 409,
};

interface PgError {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

function isPgError(err: unknown): err is PgError {
  return (
    typeof err === "object" &&
    err !== null &&
    "severity" in err &&
    typeof (err as { code?: unknown }).code === "string"
  );
}

export interface WriteContext {
  table: string;
  /** The row being written, to name the duplicate key's value as PostgreSQL does. */
  row?: Record<string, unknown>;
}

/** Words of a check's SQL that are not column names. */
const SQL_WORDS = new Set([
  "and",
  "or",
  "not",
  "is",
  "null",
  "between",
  "in",
  "like",
  "glob",
  "true",
  "false",
  "collate",
  "escape",
]);

/**
 * The name PostgreSQL gives the check SQLite reports. SQLite names a named check (or a trigger's RAISE)
 * by its name and an unnamed one by its expression; PostgreSQL names a column's unnamed check
 * `<table>_<column>_check`, the column being the first one its expression reads.
 */
function checkName(table: string, reported: string): string {
  const text = reported.trim();
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(text)) return text;
  const withoutStrings = text.replace(/'(?:[^']|'')*'/g, "''");
  for (const m of withoutStrings.matchAll(/"([^"]+)"|([A-Za-z_][A-Za-z0-9_]*)(\s*\()?/g)) {
    const name = m[1] ?? m[2] ?? "";
    if (m[3] || SQL_WORDS.has(name.toLowerCase())) continue;
    return `${table}_${name}_check`;
  }
  return `${table}_check`;
}

const foreignKeyRefusal = (ctx: WriteContext) =>
  restError("23503", `insert, update or delete on table "${ctx.table}" violates a foreign key constraint`, {
    details: "The row refers to a row that does not exist, or is referred to by another row.",
    status: 409,
  });

function fromSqlite(err: { code: string; message: string }, ctx: WriteContext): AppError | undefined {
  const columnsIn = (message: string) =>
    message
      .slice(message.indexOf(":") + 1)
      .split(",")
      .map((s) => s.trim().split(".").pop() ?? "");
  switch (err.code) {
    case "SQLITE_CONSTRAINT_UNIQUE":
    case "SQLITE_CONSTRAINT_PRIMARYKEY": {
      const columns = columnsIn(err.message);
      const values = columns.map((c) => String(ctx.row?.[c] ?? ""));
      return restError(
        "23505",
        `duplicate key value violates unique constraint "${ctx.table}_${columns.join("_")}_key"`,
        {
          details: `Key (${columns.join(", ")})=(${values.join(", ")}) already exists.`,
          status: 409,
        },
      );
    }
    case "SQLITE_CONSTRAINT_NOTNULL": {
      const [column] = columnsIn(err.message);
      return restError(
        "23502",
        `null value in column "${column}" of relation "${ctx.table}" violates not-null constraint`,
      );
    }
    case "SQLITE_CONSTRAINT_CHECK":
    // A check SQLite could not add to an existing table, kept by a trigger (RAISE names the check).
    case "SQLITE_CONSTRAINT_TRIGGER": {
      // SQLite runs a foreign key's ON DELETE RESTRICT as a trigger of its own: deleting a row still
      // referred to is refused under the trigger's code, and is the same refusal as any other key's.
      if (err.message === "FOREIGN KEY constraint failed") return foreignKeyRefusal(ctx);
      const check = err.message.replace(/^CHECK constraint failed: /, "");
      return restError(
        "23514",
        `new row for relation "${ctx.table}" violates check constraint "${checkName(ctx.table, check)}"`,
        { details: `Failing check: ${check}` },
      );
    }
    case "SQLITE_CONSTRAINT_FOREIGNKEY":
      return foreignKeyRefusal(ctx);
    case "SQLITE_ERROR":
      if (/ON CONFLICT clause does not match/i.test(err.message)) {
        return restError(
          "42P10",
          "there is no unique or exclusion constraint matching the ON CONFLICT specification",
        );
      }
      return undefined;
    default:
      return undefined;
  }
}

/** Turns a known constraint error into a PostgREST answer; returns undefined for anything else. */
export function restErrorFromDatabase(err: unknown, ctx: WriteContext): AppError | undefined {
  if (isPgError(err)) {
    const status = statusOf[err.code];
    if (!status || !isErrorCode(err.code)) return undefined;
    return restError(err.code, err.message, { details: err.detail ?? null, hint: err.hint ?? null, status });
  }
  const e = err as { code?: unknown; message?: unknown };
  if (typeof e?.code === "string" && typeof e.message === "string" && e.code.startsWith("SQLITE_")) {
    return fromSqlite({ code: e.code, message: e.message }, ctx);
  }
  return undefined;
}

/** Runs a read or write, answering the database errors PostgREST would explain in its own way. */
/**
 * A duplicate of a unique key: PostgreSQL's 23505, SQLite's unique or primary-key constraint, or either
 * already translated into PostgREST's answer.
 */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

export async function translatingDatabaseErrors<T>(ctx: WriteContext, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    throw restErrorFromDatabase(err, ctx) ?? err;
  }
}
