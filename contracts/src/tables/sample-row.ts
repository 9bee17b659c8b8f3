import type { ColumnSpec, TableDefinition } from "./define-table";

let counter = 0;

/** A valid value for a column: its declared sample, or one that its storage type's schema accepts. */
export function sampleValue(column: ColumnSpec): unknown {
  if (typeof column.sample === "function") return column.sample();
  if (column.sample !== undefined) return column.sample;
  counter += 1;
  switch (column.type) {
    case "uuid":
      return `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`;
    case "text":
      return `Sample ${counter}`;
    case "integer":
    case "number":
      return 1;
    case "boolean":
      return true;
    case "timestamp":
      return new Date(Date.UTC(2026, 0, 1, 12)).toISOString();
    case "date":
      return "2026-01-01";
    case "text[]":
      return ["sample"];
    case "json":
      return {};
  }
}

/**
 * A row the table's insert schema accepts, with every column it requires (and no foreign keys: a
 * nullable reference is left out). For generated requests: the access matrix and the fuzzer.
 */
export function sampleRow(table: TableDefinition): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [name, column] of Object.entries(table.columns)) {
    if (column.readOnly || column.nullable || column.hasDefault) continue;
    row[name] = sampleValue(column);
  }
  return row;
}
