import { createHash } from "node:crypto";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { Config } from "../../config";
import type { Db } from "../../db/database";
import { sha256 } from "../secrets";
import { isoAt } from "../values";
import { type MailMessage, type StampedMail, stampMail } from "./message";
import { insertMail, markMailSent } from "./outbox";
import { renderMail } from "./render";

export interface Mailer {
  /** Resolves once the message is in the outbox (delivery over SMTP goes on in the background). */
  send(message: MailMessage | StampedMail): Promise<void>;
}

/** Logs name a mail's recipient by a short hash: enough to follow one address, not to read it. */
const recipientHash = (address: string) => sha256(address).slice(0, 16);

/**
 * Every message is written to mail_outbox first. With MAIL_TRANSPORT=outbox that is all; with smtp it is
 * then sent in the background, so the time an answer takes never depends on the mail server (or reveals
 * whether a mail was sent at all). The row keeps the link and the bodies that carry it only for the dev
 * mail outbox (outbox transport with DEV_MAIL_UI on); logs never carry them, nor the address.
 */
export function createMailer(args: {
  db: Db;
  config: Pick<Config, "MAIL_TRANSPORT" | "SMTP_URL" | "MAIL_FROM" | "OTP_EXPIRY" | "DEV_MAIL_UI">;
  logger: Logger;
  now: () => number;
}): Mailer {
  const { db, config, logger, now } = args;
  const transport =
    config.MAIL_TRANSPORT === "smtp" && config.SMTP_URL
      ? nodemailer.createTransport(config.SMTP_URL)
      : undefined;
  return {
    async send(message) {
      const { subject, text, html } = renderMail(message, message.expiresInSeconds ?? config.OTP_EXPIRY);
      const stamped = "id" in message ? message : stampMail(message, now());
      const { id } = stamped;
      const isOutbox = !transport;
      // A stored link signs someone in: it stays only where the dev mail outbox will show it.
      const keepsSecrets = isOutbox && config.DEV_MAIL_UI;
      await insertMail(db, {
        id,
        kind: message.kind,
        to_address: message.to,
        subject,
        text_body: keepsSecrets ? text : "",
        html_body: keepsSecrets ? html : "",
        link: keepsSecrets ? (message.link ?? "") : "",
        attachments: JSON.stringify(
          (message.attachments ?? []).map((a) => ({
            filename: a.filename,
            content_type: a.contentType,
            size: a.content.length,
            sha256: createHash("sha256").update(a.content).digest("hex"),
          })),
        ),
        transport: isOutbox ? "outbox" : "smtp",
        sent_at: isOutbox ? isoAt(now()) : null,
        error: null,
        created_at: stamped.createdAt,
      });
      const logged = { id, kind: message.kind, to_hash: recipientHash(message.to) };
      if (isOutbox) {
        logger.info({ mail: logged }, "mail queued in outbox");
        return;
      }
      transport
        .sendMail({
          from: config.MAIL_FROM,
          to: message.to,
          subject,
          text,
          html,
          attachments: message.attachments,
        })
        .then(
          () => ({ sent_at: isoAt(now()), error: null }),
          (err: Error) => {
            logger.error({ mail: logged, err: err.message }, "mail could not be sent");
            return { sent_at: null, error: err.message.slice(0, 500) };
          },
        )
        .then((result) => markMailSent(db, id, result))
        .catch((err: Error) => logger.error({ mail: logged, err: err.message }, "mail status not saved"));
    },
  };
}
