import { randomBytes } from "node:crypto";
import type { MailKind } from "../../db/schema";
import { isoAt } from "../values";

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

interface MailAttachment {
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
function timeOrderedId(nowMs = Date.now()) {
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
