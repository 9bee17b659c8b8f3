import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import { type Db, now } from "../../db/database";
import type {
  ApplicationTable,
  ContactMessageTable,
  NewsletterPendingTable,
  NewsletterSubscriptionTable,
} from "../../db/schema";

export type InboxTable = "applications" | "contact_messages" | "newsletter_subscriptions";
export type ApplicationRow = Selectable<ApplicationTable>;
export type ContactMessageRow = Selectable<ContactMessageTable>;
export type NewsletterRow = Selectable<NewsletterSubscriptionTable>;
export type NewsletterPendingRow = Selectable<NewsletterPendingTable>;

export async function insertApplication(
  db: Db,
  values: Omit<ApplicationRow, "id" | "created_at" | "handled_at">,
) {
  await db
    .insertInto("applications")
    .values({ ...values, id: randomUUID(), handled_at: null })
    .execute();
}

export async function insertContactMessage(
  db: Db,
  values: Omit<ContactMessageRow, "id" | "created_at" | "handled_at">,
) {
  await db
    .insertInto("contact_messages")
    .values({ ...values, id: randomUUID(), handled_at: null })
    .execute();
}

/** One row per address: subscribing again updates the interests and reopens it in the inbox. */
export async function upsertNewsletterSubscription(
  db: Db,
  values: Omit<NewsletterRow, "id" | "created_at" | "updated_at" | "handled_at">,
) {
  const { email, ...interests } = values;
  await db
    .insertInto("newsletter_subscriptions")
    .values({ ...values, id: randomUUID(), handled_at: null })
    .onConflict((oc) => oc.column("email").doUpdateSet({ ...interests, handled_at: null, updated_at: now() }))
    .execute();
  return email;
}

/** Stores a request waiting for confirmation, clearing out requests that expired unconfirmed. */
export async function insertNewsletterPending(db: Db, row: NewsletterPendingRow) {
  await db.deleteFrom("newsletter_pending").where("expires_at", "<=", row.created_at).execute();
  await db.insertInto("newsletter_pending").values(row).execute();
}

/** Removes and returns the unexpired request the link token belongs to (single use). */
export async function takeNewsletterPending(db: Db, tokenHash: string, at: string) {
  // Deleting first decides a race between two clicks: only the one whose delete removed the row applies it.
  const row = await db
    .deleteFrom("newsletter_pending")
    .where("token_hash", "=", tokenHash)
    .where("expires_at", ">", at)
    .returningAll()
    .executeTakeFirst();
  return row;
}

export async function setHandled(db: Db, table: InboxTable, id: string, handled: boolean) {
  const result = await db
    .updateTable(table as "contact_messages")
    .set({ handled_at: handled ? now() : null })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function findById(db: Db, table: InboxTable, id: string) {
  return (await db
    .selectFrom(table as "contact_messages")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst()) as unknown;
}
