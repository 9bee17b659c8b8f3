import type { SessionStatus } from "@app/contracts";
import type { Row, TableHooks, TableHooksByTable } from "../../rest/table-hooks";
import { timelineHooks } from "../crm/timeline";
import { assertBookable, assertPersonFree, normalisedSlot } from "./booking-rules";
import { findSessionShared, teamOf } from "./clash-repository";

/** The fields whose change can make a booking clash. */
const BOOKING_FIELDS = ["room_id", "starts_at", "ends_at", "status"];

/**
 * A session's writes through the data API: its times must make sense and neither its room nor its team
 * may be double booked (checked when it is created, moved, given another room or un-cancelled); creates,
 * moves and changes land on the timeline, in the same transaction.
 */
const studioSessionHooks: TableHooks = {
  ...timelineHooks("studio_sessions", { stateField: "status" }),
  async beforeInsert(ctx, values) {
    const slot = normalisedSlot(values);
    await assertBookable(ctx.trx, {
      roomId: String(values.room_id),
      contactIds: [],
      status: (values.status ?? "tentative") as SessionStatus,
      // An upsert may name an existing session: its own booking is no clash.
      sessionId: typeof values.id === "string" ? values.id : undefined,
      ...slot,
    });
    return values;
  },
  async beforeUpdate(ctx, changes, before) {
    if (!BOOKING_FIELDS.some((field) => field in changes)) return changes;
    const after: Row = { ...before, ...changes };
    const slot = normalisedSlot(after);
    await assertBookable(ctx.trx, {
      roomId: String(after.room_id),
      contactIds: await teamOf(ctx.trx, String(before.id)),
      status: after.status as SessionStatus,
      sessionId: String(before.id),
      ...slot,
    });
    return changes;
  },
};

/** Adding a person to a team (or moving a team row) is a booking of that person too. */
const studioSessionTalentHooks: TableHooks = {
  ...timelineHooks("studio_session_talent", { contactField: "contact_id" }),
  async beforeInsert(ctx, values) {
    const session = await findSessionShared(ctx.trx, String(values.session_id));
    // A session that does not exist is the foreign key's to refuse.
    if (session) await assertPersonFree(ctx.trx, { contactId: String(values.contact_id) }, session);
    return values;
  },
  async beforeUpdate(ctx, changes, before) {
    if (!("session_id" in changes || "contact_id" in changes)) return changes;
    const after: Row = { ...before, ...changes };
    const session = await findSessionShared(ctx.trx, String(after.session_id));
    if (session) {
      const person = { contactId: String(after.contact_id), teamRowId: String(before.id) };
      await assertPersonFree(ctx.trx, person, session);
    }
    return changes;
  },
};

/** The studio's tables' rules for the data API, registered by the composition root. */
export const studioTableHooks = {
  studio_sessions: studioSessionHooks,
  studio_session_talent: studioSessionTalentHooks,
} satisfies TableHooksByTable;
