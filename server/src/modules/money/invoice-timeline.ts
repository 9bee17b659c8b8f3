import type { Db } from "../../db/database";
import type { RecordedActor } from "../../http/authorize";
import { appendActivity } from "../crm/timeline";
import type { Invoice } from "./invoice-store";

/**
 * A step of an invoice's lifecycle (issued, credited, paid) on its timeline, and on its project's when it
 * bills one, in the step's transaction: the status moved and the figures that moved with it.
 */
export async function recordInvoiceStep(
  trx: Db,
  before: Pick<Invoice, "status" | "paid_ore" | "number">,
  after: Invoice,
  who: RecordedActor & { at: string },
) {
  const changes = {
    status: { from: before.status, to: after.status },
    ...(before.number === after.number ? {} : { number: { from: before.number, to: after.number } }),
    ...(before.paid_ore === after.paid_ore
      ? {}
      : { paid_ore: { from: before.paid_ore, to: after.paid_ore } }),
  };
  const targets = [{ recordType: "invoices", recordId: after.id }];
  if (after.project_id) targets.push({ recordType: "projects", recordId: after.project_id });
  for (const target of targets)
    await appendActivity(trx, {
      ...target,
      action: before.status === after.status ? "updated" : "moved",
      changes:
        target.recordType === "projects"
          ? { invoice: { from: null, to: { id: after.id, ...changes } } }
          : changes,
      actorId: who.actorId,
      actorRole: who.actorRole,
      at: who.at,
    });
}
