import {
  type HONEYPOT_FIELD,
  NEWSLETTER_OUTCOME_PARAM,
  type NewsletterInput,
  type NewsletterOutcome,
} from "@app/contracts";
import { AppError } from "../../http/app-error";
import { isoAt } from "../auth/deps";
import { randomToken, sha256 } from "../auth/secrets";
import * as repo from "./repository";
import { type FormsDeps, guard, type Submitter } from "./service";

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
export function requestNewsletterSubscription(
  deps: FormsDeps,
  submitter: Submitter,
  input: NewsletterRequest,
) {
  guard(deps, submitter, input);
  const email = input.email.toLowerCase();
  const verdict = deps.limiter.hit(`newsletter-mail:${email}`, deps.mailRule);
  if (!verdict.allowed) {
    const wait = Math.max(1, Math.ceil(verdict.retryAfterSeconds));
    throw new AppError(
      "rate_limited",
      `For security purposes, you can only request this after ${wait} seconds.`,
      { retryAfterSeconds: verdict.retryAfterSeconds },
    );
  }
  const flag = (v: boolean) => (v ? 1 : 0);
  deps.work.enqueue("newsletter confirmation mail", () => {
    const token = randomToken();
    const nowMs = deps.now();
    repo.insertNewsletterPending(deps.db, {
      token_hash: sha256(token),
      email,
      interest_releases: flag(input.interest_releases),
      interest_events: flag(input.interest_events),
      interest_behind_the_scenes: flag(input.interest_behind_the_scenes),
      interest_platform: flag(input.interest_platform),
      expires_at: isoAt(nowMs + CONFIRM_WITHIN_SECONDS * 1000),
      created_at: isoAt(nowMs),
    });
    deps.mailer.send({
      kind: "newsletter_confirmation",
      to: email,
      link: `${deps.siteUrl}/api/newsletter/confirm?${new URLSearchParams({ token }).toString()}`,
      expiresInSeconds: CONFIRM_WITHIN_SECONDS,
    });
  });
}

/** The mailed link: applies its request once, if it has not expired. */
export function confirmNewsletterSubscription(deps: FormsDeps, token: string | undefined): NewsletterOutcome {
  if (!token) return "invalid";
  const at = isoAt(deps.now());
  return deps.db.transaction(() => {
    const pending = repo.takeNewsletterPending(deps.db, sha256(token), at);
    if (!pending) return "invalid";
    const { token_hash: _, expires_at: __, created_at: ___, ...subscription } = pending;
    repo.upsertNewsletterSubscription(deps.db, subscription);
    return "confirmed";
  });
}

/** The page the link lands on, telling the visitor how it went. */
export const newsletterLanding = (deps: Pick<FormsDeps, "siteUrl">, outcome: NewsletterOutcome) =>
  `${deps.siteUrl}/contact?${NEWSLETTER_OUTCOME_PARAM}=${outcome}`;
