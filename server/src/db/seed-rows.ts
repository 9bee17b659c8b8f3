import { tables } from "@app/contracts";
import { sql } from "kysely";
import type { Db, Engine } from "./database";
import { dynamicTables } from "./dynamic-tables";
import { toStoredRow } from "./stored-values";

/** Seeded rows by their stable ids: a row already there (or deleted by staff since) is left as it is. */
export async function insertAll(
  trx: Db,
  engine: Engine,
  table: keyof typeof tables,
  rows: Record<string, unknown>[],
) {
  let inserted = 0;
  for (const row of rows) {
    const result = await dynamicTables(trx)
      .insertInto(table)
      .values(toStoredRow(tables[table], row, engine))
      .onConflict((oc) => oc.column("id").doNothing())
      .executeTakeFirst();
    inserted += Number(result.numInsertedOrUpdatedRows ?? 0n);
  }
  return inserted;
}

/**
 * A number counter at least past the seeded rows, so rows created later take the numbers after them; a
 * counter already further on (numbers given since) is never moved back.
 */
export async function counterPast(
  trx: Db,
  counter: {
    table: "project_code_counters" | "royalty_counters";
    key: "year" | "name";
    value: string | number;
  },
  lastNumber: number,
) {
  await dynamicTables(trx)
    .insertInto(counter.table)
    .values({ [counter.key]: counter.value, last_number: lastNumber })
    .onConflict((oc) =>
      oc.column(counter.key).doUpdateSet({
        last_number: sql`case when excluded.last_number > ${sql.ref(`${counter.table}.last_number`)}
          then excluded.last_number else ${sql.ref(`${counter.table}.last_number`)} end`,
      }),
    )
    .execute();
}
