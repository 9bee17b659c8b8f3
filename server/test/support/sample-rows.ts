import { sampleRow, type TableDefinition } from "@app/contracts";
import type { Database } from "../../src/db/database";

/** Ids of existing rows of a table (the seeded ones), for the foreign keys of generated rows. */
export async function existingIds(db: Database, table: string, limit = 100): Promise<string[]> {
  const rows = (await db
    .selectFrom(table as never)
    .select("id" as never)
    .orderBy("id" as never)
    .limit(limit)
    .execute()) as { id: string }[];
  return rows.map((r) => r.id);
}

let turn = 0;

/**
 * A row the table accepts, its required foreign keys pointing at existing rows; each call takes the next
 * parent in turn, so rows that must be unique per parent pair do not collide.
 */
export async function sampleRowWithParents(db: Database, table: TableDefinition) {
  const row = sampleRow(table);
  turn += 1;
  for (const [name, column] of Object.entries(table.columns)) {
    if (!column.references || column.nullable) continue;
    const ids = await existingIds(db, column.references);
    row[name] = ids[turn % ids.length];
  }
  return row;
}
