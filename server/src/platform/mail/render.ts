import { SITE_NAME } from "@app/contracts";
import type { MailKind } from "../../db/schema";
import type { MailMessage } from "./message";

const PRODUCT = SITE_NAME;

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
  deliverable_approval_request: {
    subject: `Ready for your approval: a delivery from ${PRODUCT}`,
    intro: `${PRODUCT} has delivered a version for you to review. The link lets you play or download exactly that version, then approve it or ask for changes; no account is needed. It works once: do not forward this mail.`,
    action: "Review the delivery",
  },
  invoice: {
    subject: `Invoice from ${PRODUCT}`,
    intro: `${PRODUCT} sends you an invoice. The PDF is attached, with the Bankgiro number and OCR reference to pay it with.`,
  },
  invoice_reminder: {
    subject: `Reminder: an unpaid invoice from ${PRODUCT}`,
    intro: `Our records show this invoice as unpaid past its due date. The PDF is attached; if you have already paid, please disregard this reminder.`,
  },
  royalty_statement: {
    subject: `Your royalty statement from ${PRODUCT}`,
    intro:
      `${PRODUCT} sends you your royalty statement for the period. The PDF is attached: the opening ` +
      "balance, earnings by source, work and right, fees, recoupment and the amount payable.",
  },
  legal_voided: {
    subject: `Withdrawn: a document from ${PRODUCT}`,
    intro:
      `${PRODUCT} has withdrawn this document. It will not take effect, any signature already given on it ` +
      "binds no one, and the signing link you were sent no longer works.",
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
