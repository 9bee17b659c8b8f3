import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import { type Database, now } from "../../db/database";
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

export function insertApplication(
  db: Database,
  values: Omit<ApplicationRow, "id" | "created_at" | "handled_at">,
) {
  db.run(db.kysely.insertInto("applications").values({ ...values, id: randomUUID(), handled_at: null }));
}

export function insertContactMessage(
  db: Database,
  values: Omit<ContactMessageRow, "id" | "created_at" | "handled_at">,
) {
  db.run(db.kysely.insertInto("contact_messages").values({ ...values, id: randomUUID(), handled_at: null }));
}

/** One row per address: subscribing again updates the interests and reopens it in the inbox. */
export function upsertNewsletterSubscription(
  db: Database,
  values: Omit<NewsletterRow, "id" | "created_at" | "updated_at" | "handled_at">,
) {
  const { email, ...interests } = values;
  db.run(
    db.kysely
      .insertInto("newsletter_subscriptions")
      .values({ ...values, id: randomUUID(), handled_at: null })
      .onConflict((oc) =>
        oc.column("email").doUpdateSet({ ...interests, handled_at: null, updated_at: now() }),
      ),
  );
  return email;
}

/** Stores a request waiting for confirmation, clearing out requests that expired unconfirmed. */
export function insertNewsletterPending(db: Database, row: NewsletterPendingRow) {
  db.run(db.kysely.deleteFrom("newsletter_pending").where("expires_at", "<=", row.created_at));
  db.run(db.kysely.insertInto("newsletter_pending").values(row));
}

/** Removes and returns the unexpired request the link token belongs to (single use). */
export function takeNewsletterPending(db: Database, tokenHash: string, at: string) {
  const row = db.first(
    db.kysely
      .selectFrom("newsletter_pending")
      .selectAll()
      .where("token_hash", "=", tokenHash)
      .where("expires_at", ">", at),
  );
  if (row) db.run(db.kysely.deleteFrom("newsletter_pending").where("token_hash", "=", tokenHash));
  return row;
}

export function setHandled(db: Database, table: InboxTable, id: string, handled: boolean) {
  return db.run(
    db.kysely
      .updateTable(table as "contact_messages")
      .set({ handled_at: handled ? now() : null })
      .where("id", "=", id),
  ).changes;
}

export function findById(db: Database, table: InboxTable, id: string) {
  return db.first(
    db.kysely
      .selectFrom(table as "contact_messages")
      .selectAll()
      .where("id", "=", id),
  ) as unknown;
}
