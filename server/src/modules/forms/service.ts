import { createHmac } from "node:crypto";
import {
  type Application,
  type ApplicationInput,
  applicationSchema,
  type ContactMessage,
  type ContactMessageInput,
  contactMessageSchema,
  HONEYPOT_FIELD,
  type NewsletterSubscription,
  newsletterSubscriptionSchema,
} from "@app/contracts";
import type { Database } from "../../db/database";
import { AppError } from "../../http/app-error";
import type { RateLimiter, RateLimitRule } from "../../http/rate-limit";
import type { Mailer } from "../../platform/mail/transport";
import { type ListQuery, listParams, pick } from "../../rest/list-params";
import { listFrom } from "../../rest/list-repository";
import type { WorkQueue } from "../../work-queue";
import * as repo from "./repository";

export interface FormsDeps {
  db: Database;
  limiter: RateLimiter;
  rule: RateLimitRule;
  /** Keyed hash of the sender's IP: enough to trace abuse, never the address itself. */
  pepper: string;
  /** Newsletter confirmation mails: at most this many per address per window. */
  mailRule: RateLimitRule;
  mailer: Mailer;
  /** Runs the pending request and its mail after the answer. */
  work: WorkQueue;
  /** Base of the mailed confirmation link and of the page it lands on. */
  siteUrl: string;
  now: () => number;
}

export interface Submitter {
  ip: string;
}

export async function guard(
  deps: FormsDeps,
  submitter: Submitter,
  input: { [HONEYPOT_FIELD]?: string | undefined },
) {
  if (input[HONEYPOT_FIELD]) {
    throw new AppError("PGRST102", "Submission rejected", { hint: "Leave the hidden field empty" });
  }
  const verdict = await deps.limiter.hit(`form:${submitter.ip}`, deps.rule);
  if (!verdict.allowed) {
    throw new AppError("rate_limited", "Too many submissions, please try again later", {
      retryAfterSeconds: verdict.retryAfterSeconds,
    });
  }
  return createHmac("sha256", deps.pepper).update(submitter.ip).digest("hex").slice(0, 32);
}

export async function submitApplication(deps: FormsDeps, submitter: Submitter, input: ApplicationInput) {
  const ip_hash = await guard(deps, submitter, input);
  const { [HONEYPOT_FIELD]: _, portfolio, ...rest } = input;
  await repo.insertApplication(deps.db, { ...rest, portfolio: portfolio || null, ip_hash });
}

export async function submitContactMessage(
  deps: FormsDeps,
  submitter: Submitter,
  input: ContactMessageInput,
) {
  const ip_hash = await guard(deps, submitter, input);
  const { [HONEYPOT_FIELD]: _, ...rest } = input;
  await repo.insertContactMessage(deps.db, { ...rest, ip_hash });
}

const toApplication = (row: repo.ApplicationRow): Application => {
  const { ip_hash: _, ...rest } = row;
  return rest;
};
const toContactMessage = (row: repo.ContactMessageRow): ContactMessage => {
  const { ip_hash: _, ...rest } = row;
  return rest;
};
const toNewsletterSubscription = (row: repo.NewsletterRow): NewsletterSubscription => ({
  ...row,
  interest_releases: Boolean(row.interest_releases),
  interest_events: Boolean(row.interest_events),
  interest_behind_the_scenes: Boolean(row.interest_behind_the_scenes),
  interest_platform: Boolean(row.interest_platform),
});

/** Each inbox table: its public columns and how a stored row becomes one. */
const inboxes = {
  applications: { columns: applicationSchema.keyof().options, toDto: toApplication },
  contact_messages: { columns: contactMessageSchema.keyof().options, toDto: toContactMessage },
  newsletter_subscriptions: {
    columns: newsletterSubscriptionSchema.keyof().options,
    toDto: toNewsletterSubscription,
  },
} as const;

const MAX_INBOX_ROWS = 500;

export type ListInboxQuery = ListQuery;

/** The row each inbox answers with, as its contract states it. */
export interface InboxRows {
  applications: Application;
  contact_messages: ContactMessage;
  newsletter_subscriptions: NewsletterSubscription;
}

/** Each inbox's conversion, typed by its table (a lookup through a generic name loses the pairing). */
const toInboxRow = <T extends repo.InboxTable>(table: T) =>
  inboxes[table].toDto as (row: unknown) => InboxRows[T];

export async function listInbox<T extends repo.InboxTable>(
  db: Database,
  table: T,
  query: ListQuery,
  prefer?: string,
) {
  const inbox = inboxes[table];
  const params = listParams<string>(query, {
    table,
    columns: inbox.columns,
    defaultOrder: "created_at.desc",
    maxRows: MAX_INBOX_ROWS,
    prefer,
  });
  const { rows, total } = await listFrom(db, table, params);
  const toDto = toInboxRow(table);
  return { rows: rows.map((row) => pick(toDto(row), params.columns)), total, offset: params.offset };
}

export async function markHandled<T extends repo.InboxTable>(
  db: Database,
  table: T,
  filter: string,
  handled: boolean,
) {
  const id = filter.slice("eq.".length).toLowerCase();
  await repo.setHandled(db, table, id, handled);
  const row = await repo.findById(db, table, id);
  return row ? [toInboxRow(table)(row)] : [];
}
