import { randomUUID } from "node:crypto";
import { type bookStudioSessionSchema, tables } from "@app/contracts";
import type { z } from "zod";
import type { Database } from "../../db/database";
import { translatingDatabaseErrors } from "../../db/db-errors";
import { toApiRow, toStoredRow } from "../../db/stored-values";
import type { RecordedActor } from "../../http/authorize";
import { appendActivity, changedFields, touchContact } from "../crm/timeline";
import { assertBookable, normalisedSlot } from "./booking-rules";

type Booking = z.output<typeof bookStudioSessionSchema>;

/**
 * A session and its whole team in one transaction: the room and every person are checked (and, on
 * PostgreSQL, locked) before anything is written, so a clash on anyone leaves nothing behind. The
 * session's creation lands on the timeline, and each person's last activity moves.
 */
export async function bookStudioSession(db: Database, booking: Booking, actor: RecordedActor, at: string) {
  const { contact_ids: contactIds, ...fields } = booking;
  const slot = normalisedSlot(fields);
  return db.withTransaction(async (trx) => {
    await assertBookable(trx, { roomId: fields.room_id, contactIds, status: fields.status, ...slot });
    const session = { id: randomUUID(), ...fields, ...slot, created_at: at, updated_at: at };
    const stored = await translatingDatabaseErrors({ table: "studio_sessions", row: session }, () =>
      trx
        .insertInto("studio_sessions")
        .values(toStoredRow(tables.studio_sessions, session, db.engine))
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    for (const contactId of contactIds) {
      const member = { id: randomUUID(), session_id: session.id, contact_id: contactId, created_at: at };
      await translatingDatabaseErrors({ table: "studio_session_talent", row: member }, () =>
        trx.insertInto("studio_session_talent").values(member).execute(),
      );
      await touchContact({ trx, at }, contactId);
    }
    const row = toApiRow(tables.studio_sessions, stored as Record<string, unknown>);
    await appendActivity(trx, {
      recordType: "studio_sessions",
      recordId: session.id,
      action: "created",
      changes: changedFields({}, { ...row, contact_ids: contactIds }),
      ...actor,
      at,
    });
    return { ...row, contact_ids: contactIds };
  });
}
