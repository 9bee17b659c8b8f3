import { randomUUID } from "node:crypto";
import { sampleRow, type TableDefinition } from "@app/contracts";
import type { Database } from "../../src/db/database";
import { dynamicTables } from "../../src/db/dynamic-tables";
import { insertSplitSheetDocument } from "./split-sheet-document";

/**
 * A fully signed split sheet, the only legal document a work's split may follow: the demo seed signs none,
 * so one is written straight to the database the first time a sample needs it.
 */
async function signedSplitSheetIds(db: Database): Promise<string[]> {
  const signed = await db
    .selectFrom("legal_documents as d")
    .innerJoin("legal_templates as t", "t.id", "d.template_id")
    .select("d.id")
    .where("t.category", "=", "Split Sheet")
    .where("d.status", "=", "fully_signed")
    .execute();
  if (signed.length > 0) return signed.map((d) => d.id);
  const id = await insertSplitSheetDocument(db, [{ legal_name: "Sample Writer", share_percent: 100 }]);
  return [id];
}

/** Parents a generated row may only have among some rows of the referenced table. */
const PARENTS_OF: Record<string, (db: Database) => Promise<string[]>> = {
  "work_split_sheets.legal_document_id": signedSplitSheetIds,
};

/** Ids of existing rows of a table (the seeded ones), for the foreign keys of generated rows. */
export async function existingIds(db: Database, table: string, limit = 100): Promise<string[]> {
  const rows = await dynamicTables(db).selectFrom(table).select("id").orderBy("id").limit(limit).execute();
  return rows.map((r) => String(r.id));
}

/** The rows a generated row's required foreign key may point at: existing ones its table accepts. */
export function parentIds(db: Database, table: TableDefinition, column: string): Promise<string[]> {
  return (
    PARENTS_OF[`${table.name}.${column}`]?.(db) ?? existingIds(db, table.columns[column]?.references ?? "")
  );
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
  const pools = await Promise.all(columns.map((name) => parentIds(db, table, name)));
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
