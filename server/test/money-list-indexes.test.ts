import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";

/**
 * The money lists read an index in their own order, so a page costs the same at a million rows as at a
 * thousand: the invoice list newest first (through the subquery that derives "overdue"), and the queue of
 * unmatched royalty lines. The tables here are empty, so PostgreSQL is told to avoid sequential scans and
 * sorts where it can: what remains is whether an index serves the order at all.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** The steps of a query's plan as text, on either engine. */
async function planOf(query: string): Promise<string> {
  if (ctx.engine === "sqlite") {
    const plan = await sql<{ detail: string }>`explain query plan ${sql.raw(query)}`.execute(ctx.db);
    return plan.rows.map((r) => r.detail).join("\n");
  }
  return ctx.db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_sort = off`.execute(trx);
    const plan = await sql<{ "QUERY PLAN": string }>`explain ${sql.raw(query)}`.execute(trx);
    return plan.rows.map((r) => r["QUERY PLAN"]).join("\n");
  });
}

describe("money list indexes", () => {
  it("the invoice list newest first walks invoices_newest_idx, even filtered on the derived status", async () => {
    const derived = `select id, created_at, case when status in ('issued', 'partially_paid') and kind = 'invoice'
      and due_date < '2026-11-27' then 'overdue' else status end as status from invoices`;
    const plan = await planOf(
      `select * from (${derived}) as invoices where status = 'overdue' order by created_at desc, id asc limit 200`,
    );
    expect(plan).toContain("invoices_newest_idx");
    expect(plan).not.toMatch(/TEMP B-TREE|Sort/);
  });

  it("the unmatched royalty lines page walks royalty_lines_unmatched_idx in import and row order", async () => {
    const plan = await planOf(
      `select * from royalty_lines where work_id is null and recording_id is null
       order by import_id asc, row_number asc, id asc limit 100`,
    );
    expect(plan).toContain("royalty_lines_unmatched_idx");
    expect(plan).not.toMatch(/TEMP B-TREE|Sort/);
  });
});
