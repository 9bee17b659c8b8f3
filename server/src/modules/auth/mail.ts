import { randomUUID } from "node:crypto";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { Config } from "../../config";
import type { Database } from "../../db/database";
import type { MailKind, MailOutboxRow } from "../../db/schema";
import { isoAt } from "./deps";
import * as repo from "./repository";
import { sha256 } from "./secrets";

export interface MailMessage {
  kind: MailKind;
  to: string;
  /** The one-time link: the only kind of URL the server builds that carries a secret. Null for a bare code. */
  link: string | null;
  /** The 6-digit code, for mails that offer one (beside the link, or alone). */
  code?: string;
  /** How long the link and code work; OTP_EXPIRY unless said otherwise. */
  expiresInSeconds?: number;
}

const PRODUCT = "Slussen Sound";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** `action` labels the link; a kind without one mails only the code. */
const templates: Record<MailKind, { subject: string; intro: string; action?: string }> = {
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
    intro:
      "Confirm that this is the new e-mail address of your account. The address changes once this link " +
      "and the one sent to your current address have both been followed.",
    action: "Confirm the new address",
  },
  email_change_current: {
    subject: `Confirm the change of your ${PRODUCT} e-mail address`,
    intro:
      "Someone asked to change the e-mail address of your account away from this one. If it was you, " +
      "confirm it here; the address changes once the link sent to the new address is followed too. " +
      "If it was not you, someone may be signed in as you: change your password.",
    action: "Confirm the change",
  },
  reauthentication: {
    subject: `Your ${PRODUCT} confirmation code`,
    intro:
      "Someone signed in to your account asked to make a sensitive change, such as a new password. " +
      "The code below confirms it was you. If it was not you, someone may be signed in as you: do not " +
      "share the code, and change your password.",
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
  const link = message.link && t.action ? { url: message.link, label: t.action } : null;
  const what =
    link && message.code ? "The link and code expire" : link ? "The link expires" : "The code expires";
  const footer = `${what} in ${duration(expiresInSeconds)}. If you did not ask for this, ignore this message.`;
  const code = message.code
    ? { line: link ? "Or enter this code" : "Enter this code", value: message.code }
    : null;
  const lines = [
    t.intro,
    ...(link ? [`${link.label}: ${link.url}`] : []),
    ...(code ? [`${code.line}: ${code.value}`] : []),
  ];
  const text = `${[...lines, footer].join("\n\n")}\n`;
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(t.intro)}</p>
${link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>\n` : ""}${code ? `<p>${code.line}: <strong>${escapeHtml(code.value)}</strong></p>\n` : ""}<p style="color:#666">${escapeHtml(footer)}</p>
</body></html>`;
  return { subject: t.subject, text, html };
}

export interface Mailer {
  send(message: MailMessage): void;
}

/** Logs name a mail's recipient by a short hash: enough to follow one address, not to read it. */
export const recipientHash = (address: string) => sha256(address).slice(0, 16);

/**
 * Every message is written to mail_outbox first. With MAIL_TRANSPORT=outbox that is all; with smtp it is
 * then sent in the background, so the time an answer takes never depends on the mail server (or reveals
 * whether a mail was sent at all). The row keeps the link and the bodies that carry it only for the dev
 * mail outbox (outbox transport with DEV_MAIL_UI on); logs never carry them, nor the address.
 */
export function createMailer(args: {
  db: Database;
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
    send(message) {
      const { subject, text, html } = renderMail(message, message.expiresInSeconds ?? config.OTP_EXPIRY);
      const id = randomUUID();
      const isOutbox = !transport;
      // A stored link signs someone in: it stays only where the dev mail outbox will show it.
      const keepsSecrets = isOutbox && config.DEV_MAIL_UI;
      repo.insertMail(db, {
        id,
        kind: message.kind,
        to_address: message.to,
        subject,
        text_body: keepsSecrets ? text : "",
        html_body: keepsSecrets ? html : "",
        link: keepsSecrets ? (message.link ?? "") : "",
        transport: isOutbox ? "outbox" : "smtp",
        sent_at: isOutbox ? isoAt(now()) : null,
        error: null,
        created_at: isoAt(now()),
      });
      const logged = { id, kind: message.kind, to_hash: recipientHash(message.to) };
      if (isOutbox) {
        logger.info({ mail: logged }, "mail queued in outbox");
        return;
      }
      transport
        .sendMail({ from: config.MAIL_FROM, to: message.to, subject, text, html })
        .then(() => repo.markMailSent(db, id, { sent_at: isoAt(now()), error: null }))
        .catch((err: Error) => {
          logger.error({ mail: logged, err: err.message }, "mail could not be sent");
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
