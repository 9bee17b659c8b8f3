import type { ColumnSpec, TableDefinition } from "@app/contracts";
import { type RawBuilder, sql } from "kysely";
import { z } from "zod";
import type { Engine } from "../../db/database";
import { restError } from "../../http/rest-error";
import type { JsonPath } from "./parse-query";

/**
 * `column->key->0->>key` in filters and order, on the JSON columns a table declares. `->>` answers text on
 * both engines as PostgreSQL's jsonb writes it (a string's own text, `true`, a number as stored, NULL for
 * a JSON null or a missing key), so a filter or order on it compares the same text. A path ending in `->`
 * is a JSON value, which only cs, cd and is compare (see docs/api/data.md).
 */

/** What a `->>` path reads: nullable text (a missing key is NULL). */
export const TEXT_AT_PATH: ColumnSpec = {
  type: "text",
  schema: z.string(),
  nullable: true,
  hasDefault: false,
  readOnly: true,
  filterable: true,
};

/** The JSON column a path starts from: a declared, filterable JSON column, or a 42883 naming why not. */
export function jsonColumnOf(table: TableDefinition, column: string): ColumnSpec {
  const spec = table.columns[column];
  if (!spec) throw restError("42703", `column ${table.name}.${column} does not exist`);
  if (spec.type !== "json" || !spec.filterable) {
    throw restError(
      "42883",
      `operator does not exist: ${table.name}.${column} -> (a JSON path needs a JSON column)`,
    );
  }
  return spec;
}

/** SQLite's path for the steps: `$.key[0]`, a negative index counting from the end (`[#-1]`). */
const sqlitePath = (steps: JsonPath["steps"]) =>
  `$${steps.map((s) => (typeof s === "number" ? (s < 0 ? `[#${s}]` : `[${s}]`) : `.${s}`)).join("")}`;

/** The value at the path, parenthesised so a COLLATE after it applies to the whole expression. */
export function jsonPathSql(engine: Engine, column: string, path: JsonPath): RawBuilder<unknown> {
  const ref = sql.ref(column);
  if (engine === "postgres") {
    // Each step was read as a name or an integer (columnRef), so it is written into the SQL as a literal.
    const steps = path.steps.map((s, i) => {
      const arrow = i === path.steps.length - 1 && path.asText ? "->>" : "->";
      return `${arrow}${typeof s === "number" ? s : `'${s}'`}`;
    });
    return sql`(${ref}${sql.raw(steps.join(""))})`;
  }
  const at = sqlitePath(path.steps);
  if (!path.asText) return sql`(${ref} -> ${at})`;
  // SQLite's ->> answers a number as a number and true as 1; PostgreSQL's, their JSON text, and an array's
  // or object's text as jsonb writes it (spaced, keys reordered), not SQLite's compact form.
  return sql`(case json_type(${ref}, ${at}) when 'text' then ${ref} ->> ${at} when 'null' then null
    when 'array' then app_jsonb_text(${ref} -> ${at}) when 'object' then app_jsonb_text(${ref} -> ${at})
    else ${ref} -> ${at} end)`;
}
