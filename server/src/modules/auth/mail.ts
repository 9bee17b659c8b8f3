import { createHash, randomBytes } from "node:crypto";
import type { DevMail } from "@app/contracts";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { Config } from "../../config";
import type { Db } from "../../db/database";
import type { MailKind, MailOutboxRow } from "../../db/schema";
import * as repo from "./repository";
import { sha256 } from "./secrets";
import { isoAt } from "./values";

export interface MailMessage {
  kind: MailKind;
  to: string;
  /** The one-time link: the only kind of URL the server builds that carries a secret. Null for a bare code. */
  link: string | null;
  /** The 6-digit code, for mails that offer one (beside the link, or alone). */
  code?: string;
  /** How long the link and code work; OTP_EXPIRY unless said otherwise. */
  expiresInSeconds?: number;
  /** What the mail is about (a document's title): added to the subject and the first line. */
  title?: string;
  /** A paragraph of its own after the first (a signed document's fingerprint). */
  note?: string;
  /** Files sent with the mail; the outbox keeps their names, sizes and SHA-256, never the bytes. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * A message whose place in the outbox was fixed when it was decided, inside the transaction that stored
 * the token it carries: sent after that transaction commits, it still lists in the order the tokens were
 * issued (the newest mail carries the live token), and a token that was rolled back is never mailed.
 */
export interface StampedMail extends MailMessage {
  id: string;
  createdAt: string;
}

let lastIdMs = 0;
let idCounter = 0;

/**
 * A UUIDv7: milliseconds, a counter within the millisecond, random bits. Ids made by this process sort in
 * the order they were made, on either engine (uuid and text compare alike), so mails that share a
 * created_at keep their order.
 */
export function timeOrderedId(nowMs = Date.now()) {
  if (nowMs > lastIdMs) {
    lastIdMs = nowMs;
    idCounter = 0;
  } else if (++idCounter > 0xfff) {
    lastIdMs += 1;
    idCounter = 0;
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(lastIdMs, 0, 6);
  bytes[6] = 0x70 | (idCounter >> 8);
  bytes[7] = idCounter & 0xff;
  bytes[8] = 0x80 | ((bytes[8] as number) & 0x3f);
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const stampMail = (message: MailMessage, nowMs: number): StampedMail => ({
  ...message,
  id: timeOrderedId(),
  createdAt: isoAt(nowMs),
});

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
  invite: {
    subject: `You are invited to ${PRODUCT}`,
    intro:
      `An administrator of ${PRODUCT} has invited you to the back office. Follow the link to accept the ` +
      "invitation and choose your password.",
    action: "Accept the invitation",
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
  legal_signing_request: {
    subject: `A document from ${PRODUCT} to sign`,
    intro: `${PRODUCT} has sent you a document to read and sign. The link opens it; no account is needed. It works once, for you alone: do not forward this mail.`,
    action: "Read and sign the document",
  },
  legal_fully_signed: {
    subject: `Signed by everyone: a document from ${PRODUCT}`,
    intro:
      "Every signer has signed. The final PDF is attached, with its audit certificate page: who signed, " +
      "when, from where, and the document's SHA-256 fingerprints.",
  },
};

const duration = (seconds: number) => {
  const minutes = Math.round(seconds / 60);
  return minutes < 120 ? `${minutes} minutes` : `${Math.round(minutes / 60)} hours`;
};

export function renderMail(message: MailMessage, expiresInSeconds: number) {
  const base = templates[message.kind];
  const t = message.title
    ? { ...base, subject: `${base.subject}: ${message.title}`, intro: `“${message.title}”. ${base.intro}` }
    : base;
  const link = message.link && t.action ? { url: message.link, label: t.action } : null;
  const what =
    link && message.code ? "The link and code expire" : link ? "The link expires" : "The code expires";
  const footer =
    link || message.code
      ? `${what} in ${duration(expiresInSeconds)}. If you did not ask for this, ignore this message.`
      : "You receive this because you are a party to the document.";
  const code = message.code
    ? { line: link ? "Or enter this code" : "Enter this code", value: message.code }
    : null;
  const lines = [
    t.intro,
    ...(message.note ? [message.note] : []),
    ...(link ? [`${link.label}: ${link.url}`] : []),
    ...(code ? [`${code.line}: ${code.value}`] : []),
  ];
  const text = `${[...lines, footer].join("\n\n")}\n`;
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(t.intro)}</p>
${message.note ? `<p>${escapeHtml(message.note)}</p>\n` : ""}${link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>\n` : ""}${code ? `<p>${code.line}: <strong>${escapeHtml(code.value)}</strong></p>\n` : ""}<p style="color:#666">${escapeHtml(footer)}</p>
</body></html>`;
  return { subject: t.subject, text, html };
}

export interface Mailer {
  /** Resolves once the message is in the outbox (delivery over SMTP goes on in the background). */
  send(message: MailMessage | StampedMail): Promise<void>;
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
      await repo.insertMail(db, {
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
        .then((result) => repo.markMailSent(db, id, result))
        .catch((err: Error) => logger.error({ mail: logged, err: err.message }, "mail status not saved"));
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
    attachments: JSON.parse(row.attachments) as DevMail["attachments"],
    created_at: row.created_at,
  };
}
