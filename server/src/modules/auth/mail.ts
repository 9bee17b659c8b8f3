import { randomUUID } from "node:crypto";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { Config } from "../../config";
import type { Database } from "../../db/database";
import type { MailKind, MailOutboxRow } from "../../db/schema";
import { isoAt } from "./deps";
import * as repo from "./repository";

export interface MailMessage {
  kind: MailKind;
  to: string;
  /** The one-time link: the only kind of URL the server builds that carries a secret. */
  link: string;
  /** The 6-digit code, for mails that offer one besides the link. */
  code?: string;
  /** How long the link (and code) work; OTP_EXPIRY unless said otherwise. */
  expiresInSeconds?: number;
}

const PRODUCT = "Slussen Sound";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const templates: Record<MailKind, { subject: string; intro: string; action: string }> = {
  confirmation: {
    subject: `Confirm your ${PRODUCT} account`,
    intro: "Thanks for signing up. Confirm your e-mail address to finish creating your account.",
    action: "Confirm your e-mail",
  },
  magic_link: {
    subject: `Your ${PRODUCT} sign-in link`,
    intro: "Use this link to sign in. It works once.",
    action: "Sign in",
  },
  recovery: {
    subject: `Reset your ${PRODUCT} password`,
    intro: "Someone asked to reset the password of this account. If it was you, use this link.",
    action: "Reset your password",
  },
  email_change: {
    subject: `Confirm your new ${PRODUCT} e-mail address`,
    intro: "Confirm that this is the new e-mail address of your account.",
    action: "Confirm the new address",
  },
  newsletter_confirmation: {
    subject: `Confirm your ${PRODUCT} newsletter subscription`,
    intro: `Someone asked to subscribe this address to the ${PRODUCT} newsletter, or to change what it receives. Nothing changes until you confirm.`,
    action: "Confirm the subscription",
  },
};

const duration = (seconds: number) => {
  const minutes = Math.round(seconds / 60);
  return minutes < 120 ? `${minutes} minutes` : `${Math.round(minutes / 60)} hours`;
};

export function renderMail(message: MailMessage, expiresInSeconds: number) {
  const t = templates[message.kind];
  const what = message.code ? "The link and code expire" : "The link expires";
  const footer = `${what} in ${duration(expiresInSeconds)}. If you did not ask for this, ignore this message.`;
  const codeText = message.code ? `Or enter this code: ${message.code}\n\n` : "";
  const codeHtml = message.code
    ? `<p>Or enter this code: <strong>${escapeHtml(message.code)}</strong></p>\n`
    : "";
  const text = `${t.intro}\n\n${t.action}: ${message.link}\n\n${codeText}${footer}\n`;
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(t.intro)}</p>
<p><a href="${escapeHtml(message.link)}">${escapeHtml(t.action)}</a></p>
${codeHtml}<p style="color:#666">${escapeHtml(footer)}</p>
</body></html>`;
  return { subject: t.subject, text, html };
}

export interface Mailer {
  send(message: MailMessage): void;
}

/**
 * Every message is written to mail_outbox first. With MAIL_TRANSPORT=outbox that is all (and the link is
 * logged, so a developer can click it); with smtp it is then sent in the background, so the time an answer
 * takes never depends on the mail server (or reveals whether a mail was sent at all).
 */
export function createMailer(args: {
  db: Database;
  config: Pick<Config, "MAIL_TRANSPORT" | "SMTP_URL" | "MAIL_FROM" | "OTP_EXPIRY">;
  logger: Logger;
  now: () => number;
}): Mailer {
  const { db, config, logger, now } = args;
  const transport =
    config.MAIL_TRANSPORT === "smtp" && config.SMTP_URL
      ? nodemailer.createTransport(config.SMTP_URL)
      : undefined;
  return {
    send(message) {
      const { subject, text, html } = renderMail(message, message.expiresInSeconds ?? config.OTP_EXPIRY);
      const id = randomUUID();
      const isOutbox = !transport;
      repo.insertMail(db, {
        id,
        kind: message.kind,
        to_address: message.to,
        subject,
        // Over SMTP the secret-bearing parts leave the building; no copy of them stays in the database.
        text_body: isOutbox ? text : "",
        html_body: isOutbox ? html : "",
        link: isOutbox ? message.link : "",
        transport: isOutbox ? "outbox" : "smtp",
        sent_at: isOutbox ? isoAt(now()) : null,
        error: null,
        created_at: isoAt(now()),
      });
      if (isOutbox) {
        logger.info(
          { mail: { id, kind: message.kind, to: message.to, link: message.link } },
          "mail queued in outbox",
        );
        return;
      }
      transport
        .sendMail({ from: config.MAIL_FROM, to: message.to, subject, text, html })
        .then(() => repo.markMailSent(db, id, { sent_at: isoAt(now()), error: null }))
        .catch((err: Error) => {
          logger.error({ mail: { id, kind: message.kind }, err: err.message }, "mail could not be sent");
          repo.markMailSent(db, id, { sent_at: null, error: err.message.slice(0, 500) });
        });
    },
  };
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
    created_at: row.created_at,
  };
}
