import type { DevMail } from "@app/contracts";
import type { Insertable } from "kysely";
import type { Db } from "../../db/database";
import type { MailOutboxRow, MailOutboxTable } from "../../db/schema";

/** The statements of mail_outbox: every mail is written here first, whatever its transport. */

export async function insertMail(db: Db, mail: Insertable<MailOutboxTable>) {
  await db.insertInto("mail_outbox").values(mail).execute();
}

export async function markMailSent(
  db: Db,
  id: string,
  result: { sent_at: string | null; error: string | null },
) {
  await db.updateTable("mail_outbox").set(result).where("id", "=", id).execute();
}

/** Newest first. Mail ids are time-ordered (see message.ts): mails of one millisecond keep their order. */
export async function listMail(db: Db, args: { to?: string; limit: number }): Promise<MailOutboxRow[]> {
  let query = db
    .selectFrom("mail_outbox")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(args.limit);
  if (args.to) query = query.where("to_address", "=", args.to);
  return query.execute();
}

export function toDevMail(row: MailOutboxRow) {
  return {
    id: row.id,
    kind: row.kind,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    link: row.link,
    attachments: JSON.parse(row.attachments) as DevMail["attachments"],
    created_at: row.created_at,
  };
}
