import type { TableDefinition, Verb } from "@app/contracts";
import type { ZodIssue } from "zod";
import type { AppError } from "../../http/app-error";
import { restError } from "../../http/rest-error";

/**
 * A write body the table's schema refused, answered as PostgREST would have answered the same body after
 * PostgreSQL refused it: a missing or null required column is a not-null violation (23502), an unknown
 * key a column missing from the schema cache (PGRST204), a read-only column one without the privilege
 * (42501), a number out of its column's bounds a check violation (23514), a value of the wrong shape
 * invalid input (22P02).
 */
export function tableBodyError(table: TableDefinition, verb: Verb, body: unknown): AppError {
  const schema = verb === "update" ? table.update : table.insert;
  const rows = verb !== "update" && Array.isArray(body) ? body : [body];
  if (rows.length === 0 || rows.length > 1000) {
    return restError("PGRST102", "Empty or too large array body", { details: "Send 1 to 1000 rows" });
  }
  for (const row of rows) {
    const result = schema.safeParse(row);
    if (!result.success) {
      // PostgreSQL checks privileges before any value: a read-only column is the answer whatever else is wrong.
      const readOnly = result.error.issues
        .flatMap((issue) => (issue.code === "unrecognized_keys" ? issue.keys : []))
        .find((key) => table.columns[key]?.readOnly);
      if (readOnly !== undefined) return readOnlyColumnError(table, readOnly);
      return issueError(table, result.error.issues[0] as ZodIssue, row);
    }
  }
  return restError("PGRST102", "Invalid body", {
    details: "The body must be a JSON object or an array of them",
  });
}

function issueError(table: TableDefinition, issue: ZodIssue, row: unknown): AppError {
  if (typeof row !== "object" || row === null || Array.isArray(row)) {
    return restError("PGRST102", "Invalid body", { details: "Each row must be a JSON object" });
  }
  if (issue.code === "unrecognized_keys") {
    const key = issue.keys[0] ?? "";
    return restError("PGRST204", `Could not find the '${key}' column of '${table.name}' in the schema cache`);
  }
  const column = String(issue.path[0] ?? "");
  const value = (row as Record<string, unknown>)[column];
  if (issue.code === "invalid_type" && (value === undefined || value === null)) {
    return restError(
      "23502",
      `null value in column "${column}" of relation "${table.name}" violates not-null constraint`,
    );
  }
  // A number outside its column's bounds is what the column's check constraint refuses on PostgreSQL.
  if ((issue.code === "too_big" || issue.code === "too_small") && typeof value === "number") {
    return restError(
      "23514",
      `new row for relation "${table.name}" violates check constraint "${table.name}_${column}_check"`,
      { details: `Failing check: ${column} ${issue.message}` },
    );
  }
  return restError(
    "22P02",
    `invalid input for column "${column}" of relation "${table.name}": ${issue.message}`,
  );
}

/**
 * A write naming a column the table declares read-only: as PostgreSQL answers a write to a column the
 * role holds no INSERT or UPDATE privilege on. The server sets such a column, or only an RPC moves it.
 */
export function readOnlyColumnError(table: TableDefinition, column: string): AppError {
  return restError("42501", `permission denied for table ${table.name}`, {
    details: `The column ${column} is not writable through the data API`,
    hint: "The server sets this column; a change of state goes through the table's RPCs.",
  });
}
