import { type AddCrmNote, tables } from "@app/contracts";
import type { Database } from "../../db/database";
import { toApiRow } from "../../db/stored-values";
import { AppError } from "../../http/app-error";
import type { RecordedActor } from "../../http/authorize";
import { appendActivity, touchContact } from "./timeline";

/**
 * A staff member's note on a record's timeline: the record must exist; a note about a contact (or a deal
 * with one) is that contact's activity too, so the nurture queue sees it.
 */
export async function addCrmNote(db: Database, note: AddCrmNote, actor: RecordedActor, at: string) {
  return db.withTransaction(async (trx) => {
    const record = (await trx
      .selectFrom(note.record_type)
      .selectAll()
      .where("id", "=", note.record_id)
      .executeTakeFirst()) as Record<string, unknown> | undefined;
    if (!record)
      throw new AppError("PGRST116", `No ${note.record_type} row with id ${note.record_id}`, { status: 404 });
    const row = await appendActivity(trx, {
      recordType: note.record_type,
      recordId: note.record_id,
      action: "note",
      changes: {},
      ...actor,
      at,
      note: note.body,
    });
    const contactId = note.record_type === "crm_contacts" ? record.id : record.contact_id;
    await touchContact({ trx, at }, contactId);
    return toApiRow(tables.crm_activity, row as Record<string, unknown>);
  });
}
