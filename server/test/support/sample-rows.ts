import { randomUUID } from "node:crypto";
import { sampleRow, type TableDefinition } from "@app/contracts";
import type { Database } from "../../src/db/database";
import { dynamicTables } from "../../src/db/dynamic-tables";

/** Ids of existing rows of a table (the seeded ones), for the foreign keys of generated rows. */
export async function existingIds(db: Database, table: string, limit = 100): Promise<string[]> {
  const rows = await dynamicTables(db).selectFrom(table).select("id").orderBy("id").limit(limit).execute();
  return rows.map((r) => String(r.id));
}

let turn = 0;

/** The required foreign keys of a table: a join table has two, and a pair of parents appears once. */
export const parentColumns = (table: TableDefinition) =>
  Object.entries(table.columns)
    .filter(([, column]) => column.references && !column.nullable)
    .map(([name]) => name);

/** The parent combinations a table already holds (the seeded team of a session, say), as keys. */
export async function takenParents(db: Database, table: TableDefinition): Promise<Set<string>> {
  const columns = parentColumns(table);
  if (columns.length < 2) return new Set();
  const rows = await dynamicTables(db).selectFrom(table.name).select(columns).execute();
  return new Set(rows.map((row) => parentKey(columns, row)));
}
export const parentKey = (columns: string[], row: Record<string, unknown>) =>
  columns.map((c) => String(row[c])).join("|");

/**
 * A row the table accepts, its required foreign keys pointing at existing rows; each call takes the next
 * parents in turn, skipping pairs the table holds already, so rows that must be unique per parent pair
 * do not collide.
 */
export async function sampleRowWithParents(db: Database, table: TableDefinition) {
  const row = sampleRow(table);
  const columns = parentColumns(table);
  const taken = await takenParents(db, table);
  const pools = await Promise.all(
    columns.map((name) => existingIds(db, table.columns[name]?.references ?? "")),
  );
  do {
    turn += 1;
    columns.forEach((name, i) => {
      const ids = pools[i] as string[];
      // A parent the seed holds none of (a closed period's statement) is named by an id of no row: only
      // the server writes such tables, so every caller is refused before the reference is looked up.
      row[name] = ids.length > 0 ? ids[turn % ids.length] : randomUUID();
    });
  } while (taken.has(parentKey(columns, row)));
  return row;
}
