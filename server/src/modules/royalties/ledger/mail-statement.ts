import { randomUUID } from "node:crypto";
import { formatOre, type RowOf, tables } from "@app/contracts";
import type { Database, Db } from "../../../db/database";
import { toApiRow } from "../../../db/stored-values";
import { AppError } from "../../../http/app-error";
import type { RateLimiter, RateLimitRule } from "../../../http/rate-limit";
import type { Mailer } from "../../../platform/mail/transport";
import { sha256 } from "../../../platform/secrets";
import { renderStatementPdf } from "./render-statement-pdf";
import { statementFileName, statementViewOf } from "./statement-view";

export interface StatementMailDeps {
  db: Database;
  mailer: Mailer;
  limiter: RateLimiter;
  /** Statement mails per recipient address and window. */
  mailRule: RateLimitRule;
  now: () => number;
}

/**
 * Where a payee's statement goes: their contact's e-mail; a company has none of its own (the CRM keeps its
 * people's on their contacts), so a company payee's goes to the company's first current contact with one.
 */
async function addressOf(db: Db, payeeId: string): Promise<string | null> {
  const payee = await db
    .selectFrom("royalty_payees")
    .select(["contact_id", "company_id"])
    .where("id", "=", payeeId)
    .executeTakeFirstOrThrow();
  let contacts = db.selectFrom("crm_contacts").select("email").where("email", "is not", null);
  if (payee.contact_id) contacts = contacts.where("id", "=", payee.contact_id);
  else if (payee.company_id)
    contacts = contacts
      .where("company_id", "=", payee.company_id)
      .where("archived_at", "is", null)
      .orderBy("created_at")
      .orderBy("id");
  else return null;
  const contact = await contacts.limit(1).executeTakeFirst();
  return contact?.email ? contact.email.toLowerCase() : null;
}

/** Mails to one address are throttled, so the route cannot be used to flood someone's inbox. */
async function throttle(deps: StatementMailDeps, email: string) {
  const verdict = await deps.limiter.hit(`royalty-statement-mail:${sha256(email)}`, deps.mailRule);
  if (!verdict.allowed)
    throw new AppError("rate_limited", "Too many statement mails to this address, please try again later", {
      retryAfterSeconds: verdict.retryAfterSeconds,
    });
}

/**
 * A payee's statement mailed to them with its PDF attached (the same bytes the download gives), and the
 * send recorded, so staff see when it was last mailed. A payee without an address is refused before
 * anything is throttled or sent.
 */
export async function mailStatement(
  deps: StatementMailDeps,
  statementId: string,
  actorId: string | null,
): Promise<RowOf<typeof tables.royalty_statement_mailings>> {
  const view = await statementViewOf(deps.db, statementId);
  const email = await addressOf(deps.db, view.statement.payee_id);
  if (!email)
    throw new AppError(
      "payee_without_address",
      `${view.payeeName} has no e-mail address to mail the statement to`,
      {
        details:
          "Add an e-mail to the payee's contact (or, for a company, to one of its contacts), or download the PDF",
      },
    );
  await throttle(deps, email);
  await deps.mailer.send({
    kind: "royalty_statement",
    to: email,
    link: null,
    title: view.period.name,
    note: `Payable: ${formatOre(view.statement.payable_ore)}.`,
    attachments: [
      {
        filename: statementFileName(view, "pdf"),
        contentType: "application/pdf",
        content: await renderStatementPdf(view),
      },
    ],
  });
  const mailing = {
    id: randomUUID(),
    statement_id: view.statement.id,
    sent_at: new Date(deps.now()).toISOString(),
    sent_by: actorId,
  };
  await deps.db.insertInto("royalty_statement_mailings").values(mailing).execute();
  return toApiRow(tables.royalty_statement_mailings, mailing);
}
