import {
  type HONEYPOT_FIELD,
  NEWSLETTER_OUTCOME_PARAM,
  NEWSLETTER_TOKEN_FRAGMENT,
  type NewsletterInput,
  type NewsletterOutcome,
} from "@app/contracts";
import { AppError } from "../../http/app-error";
import { randomToken, sha256 } from "../../platform/secrets";
import * as repo from "./repository";
import { type FormsDeps, guard, type Submitter } from "./service";

const isoAt = (ms: number) => new Date(ms).toISOString();

/** Long enough for someone who reads their mail tomorrow. */
const CONFIRM_WITHIN_SECONDS = 48 * 3600;

type NewsletterRequest = Required<Omit<NewsletterInput, typeof HONEYPOT_FIELD>> &
  Pick<NewsletterInput, typeof HONEYPOT_FIELD>;

/**
 * Double opt-in: a request (a new subscription or new interests for an existing one) only mails a
 * confirmation link to the address; nothing about a subscriber changes until the link is followed.
 * Every address gets the same answer after the same checks; storing the request and mailing it run
 * after the answer.
 */
export async function requestNewsletterSubscription(
  deps: FormsDeps,
  submitter: Submitter,
  input: NewsletterRequest,
) {
  await guard(deps, submitter, input);
  const email = input.email.toLowerCase();
  const verdict = await deps.limiter.hit(`newsletter-mail:${email}`, deps.mailRule);
  if (!verdict.allowed) {
    const wait = Math.max(1, Math.ceil(verdict.retryAfterSeconds));
    throw new AppError(
      "rate_limited",
      `For security purposes, you can only request this after ${wait} seconds.`,
      { retryAfterSeconds: verdict.retryAfterSeconds },
    );
  }
  deps.work.enqueue("newsletter confirmation mail", async () => {
    const token = randomToken();
    const nowMs = deps.now();
    await repo.insertNewsletterPending(deps.db, {
      token_hash: sha256(token),
      email,
      interest_releases: input.interest_releases,
      interest_events: input.interest_events,
      interest_behind_the_scenes: input.interest_behind_the_scenes,
      interest_platform: input.interest_platform,
      expires_at: isoAt(nowMs + CONFIRM_WITHIN_SECONDS * 1000),
      created_at: isoAt(nowMs),
    });
    await deps.mailer.send({
      kind: "newsletter_confirmation",
      to: email,
      link: confirmationPage(deps, token),
      expiresInSeconds: CONFIRM_WITHIN_SECONDS,
    });
  });
}

/** The mailed token: applies its request once, if it has not expired. */
export async function confirmNewsletterSubscription(
  deps: FormsDeps,
  token: string | undefined,
): Promise<NewsletterOutcome> {
  if (!token) return "invalid";
  const at = isoAt(deps.now());
  return deps.db.withTransaction(async (trx) => {
    const pending = await repo.takeNewsletterPending(trx, sha256(token), at);
    if (!pending) return "invalid";
    const { token_hash: _, expires_at: __, created_at: ___, ...subscription } = pending;
    await repo.upsertNewsletterSubscription(trx, subscription);
    return "confirmed";
  });
}

/**
 * The page the mailed link opens: it asks the visitor to confirm, and only their click confirms. The token
 * rides in the fragment, which browsers never send to a server or in a Referer.
 */
export const confirmationPage = (deps: Pick<FormsDeps, "siteUrl">, token: string | undefined) =>
  token
    ? `${deps.siteUrl}/contact?${NEWSLETTER_OUTCOME_PARAM}=confirm#${new URLSearchParams({ [NEWSLETTER_TOKEN_FRAGMENT]: token })}`
    : `${deps.siteUrl}/contact?${NEWSLETTER_OUTCOME_PARAM}=${"invalid" satisfies NewsletterOutcome}`;
