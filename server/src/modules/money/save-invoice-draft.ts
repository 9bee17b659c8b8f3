import { randomUUID } from "node:crypto";
import { lineAmountOre, type saveInvoiceDraftSchema, tables } from "@app/contracts";
import type { z } from "zod";
import type { Database, Db } from "../../db/database";
import { translatingDatabaseErrors } from "../../db/db-errors";
import { engineOf } from "../../db/engine-of";
import { laterThan } from "../../db/row-version";
import { toStoredRow } from "../../db/stored-values";
import type { RecordedActor } from "../../http/authorize";
import { restError } from "../../http/rest-error";
import { appendActivity, changedFields } from "../crm/timeline";
import { notADraftInvoice } from "./invoice-hooks";
import {
  type InvoiceLine,
  insertRow,
  linesOf,
  lockInvoice,
  refreshTotals,
  writeInvoice,
} from "./invoice-store";

type DraftSave = z.output<typeof saveInvoiceDraftSchema>;
type SentLine = DraftSave["lines"][number];

const staleVersion = (version: string, current: string) =>
  restError("stale_version", "The draft changed since it was read, so nothing was saved", {
    details: `The draft was read at version ${version}; it is now at ${current}`,
    hint: "Read the draft again and redo the changes on what it now holds.",
  });

/** A line id sent twice, or one of another invoice's lines: either would write a row the editor does not hold. */
const notALineOfThisDraft = (id: string, why: string) =>
  restError("23505", 'duplicate key value violates unique constraint "invoice_lines_pkey"', {
    details: `Key (id)=(${id}) ${why}.`,
  });

/** Refuses ids the save may not use: a line listed twice, or a line of another invoice. */
async function assertOwnLineIds(trx: Db, own: Set<string>, lines: SentLine[]) {
  const seen = new Set<string>();
  for (const { id } of lines) {
    if (id === undefined) continue;
    if (seen.has(id)) throw notALineOfThisDraft(id, "is listed twice");
    seen.add(id);
  }
  const others = [...seen].filter((id) => !own.has(id));
  if (others.length === 0) return;
  const foreign = await trx
    .selectFrom("invoice_lines")
    .select("id")
    .where("id", "in", others)
    .executeTakeFirst();
  if (foreign) throw notALineOfThisDraft(foreign.id, "is a line of another invoice");
}

/**
 * Makes the draft's lines the list sent, in its order: a line that names one of the draft's lines
 * updates it, any other is added, and a line the list leaves out is deleted.
 */
async function replaceLines(trx: Db, invoiceId: string, read: InvoiceLine[], lines: SentLine[], at: string) {
  const own = new Set(read.map((line) => line.id));
  await assertOwnLineIds(trx, own, lines);
  const kept = new Set(lines.map((line) => line.id));
  const gone = read.filter((line) => !kept.has(line.id)).map((line) => line.id);
  if (gone.length > 0) await trx.deleteFrom("invoice_lines").where("id", "in", gone).execute();
  for (const [position, line] of lines.entries()) {
    const values = { ...line, position, amount_ore: lineAmountOre(line), updated_at: at };
    await translatingDatabaseErrors({ table: "invoice_lines", row: values }, async () => {
      if (line.id !== undefined && own.has(line.id))
        await trx
          .updateTable("invoice_lines")
          .set(toStoredRow(tables.invoice_lines, values, engineOf(trx)))
          .where("id", "=", line.id)
          .execute();
      else
        await insertRow(trx, "invoice_lines", {
          ...values,
          id: line.id ?? randomUUID(),
          invoice_id: invoiceId,
          created_at: at,
        });
    });
  }
}

/**
 * save_invoice_draft: a draft's header and its whole list of lines saved in one transaction, against the
 * version the editor read, so a failure anywhere (a refused line, a draft issued or saved by someone else
 * meanwhile) leaves the draft exactly as it was. The totals follow the lines; the save is one step on
 * the invoice's timeline.
 */
export async function saveInvoiceDraft(db: Database, save: DraftSave, actor: RecordedActor, at: string) {
  return db.withTransaction(async (trx) => {
    const before = await lockInvoice(trx, save.invoice_id);
    if (before.status !== "draft") throw notADraftInvoice(before.status, "fields may be edited");
    if (Date.parse(before.updated_at) !== Date.parse(save.version))
      throw staleVersion(save.version, before.updated_at);
    const version = laterThan(before.updated_at, at);
    const header = await translatingDatabaseErrors(
      { table: "invoices", row: { ...before, ...save.changes } },
      () => writeInvoice(trx, before.id, { ...save.changes, updated_at: version }),
    );
    const readLines = await linesOf(trx, before.id);
    await replaceLines(trx, before.id, readLines, save.lines, version);
    const after = await refreshTotals(trx, header, version);
    await appendActivity(trx, {
      recordType: "invoices",
      recordId: after.id,
      action: "updated",
      changes: {
        ...changedFields(before, after),
        lines: { from: readLines.length, to: save.lines.length },
      },
      ...actor,
      at,
    });
    return after;
  });
}
