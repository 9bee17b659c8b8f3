import { initContract } from "@ts-rest/core";
import { z } from "zod";
import {
  access,
  apiErrorSchema,
  apiKeyErrorSchema,
  idFilterSchema,
  listQuerySchema,
  restErrorResponses,
  restHeadersSchema,
  serviceRoleAccess,
} from "./common";
import { isWebAddress } from "./urls";

const c = initContract();

const required = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);
const email = z
  .string()
  .trim()
  .min(1, "Email is required")
  .max(254, "Email must be at most 254 characters")
  .email("Enter a valid email address");
/** Hidden from people; bots fill it in. A filled honeypot rejects the submission. */
const honeypot = z.string().max(200).optional();

export const HONEYPOT_FIELD = "website_url" as const;

export const applicationInputSchema = z
  .object({
    first_name: required("First name", 100),
    last_name: required("Last name", 100),
    email,
    role: required("Interested role", 100),
    portfolio: z
      .string()
      .trim()
      .max(500, "Portfolio/Website must be at most 500 characters")
      .refine((v) => v === "" || isWebAddress(v), "Enter a full link starting with https://")
      .optional(),
    experience: required("Experience", 5000),
    vision: required("This answer", 5000),
    [HONEYPOT_FIELD]: honeypot,
  })
  .strict();
export type ApplicationInput = z.infer<typeof applicationInputSchema>;

export const contactMessageInputSchema = z
  .object({
    name: required("Name", 200),
    email,
    subject: required("Subject", 200),
    message: required("Message", 5000),
    [HONEYPOT_FIELD]: honeypot,
  })
  .strict();
export type ContactMessageInput = z.infer<typeof contactMessageInputSchema>;

export const newsletterInputSchema = z
  .object({
    email,
    interest_releases: z.boolean().default(false),
    interest_events: z.boolean().default(false),
    interest_behind_the_scenes: z.boolean().default(false),
    interest_platform: z.boolean().default(false),
    [HONEYPOT_FIELD]: honeypot,
  })
  .strict();
export type NewsletterInput = z.input<typeof newsletterInputSchema>;

const handling = { handled_at: z.string().nullable(), created_at: z.string() };

export const applicationSchema = applicationInputSchema
  .omit({ [HONEYPOT_FIELD]: true })
  .extend({ id: z.string().uuid(), portfolio: z.string().nullable(), ...handling });
export type Application = z.infer<typeof applicationSchema>;

export const contactMessageSchema = contactMessageInputSchema
  .omit({ [HONEYPOT_FIELD]: true })
  .extend({ id: z.string().uuid(), ...handling });
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const newsletterSubscriptionSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  interest_releases: z.boolean(),
  interest_events: z.boolean(),
  interest_behind_the_scenes: z.boolean(),
  interest_platform: z.boolean(),
  updated_at: z.string(),
  ...handling,
});
export type NewsletterSubscription = z.infer<typeof newsletterSubscriptionSchema>;

/**
 * The contact page's query value around the mailed newsletter link: `confirm` while the visitor has yet to
 * press the button (the token rides in the fragment), then the outcome.
 */
export const NEWSLETTER_OUTCOME_PARAM = "newsletter" as const;
/** The fragment key of the mailed link's token: a fragment never reaches a server's logs or a Referer. */
export const NEWSLETTER_TOKEN_FRAGMENT = "token" as const;
export const newsletterOutcomeSchema = z.enum(["confirmed", "invalid"]);
export type NewsletterOutcome = z.infer<typeof newsletterOutcomeSchema>;
export const newsletterLandingSchema = z.enum(["confirm", ...newsletterOutcomeSchema.options]);

/** Not strict: a link tracker adding parameters must not break the link; a missing token is "invalid". */
export const newsletterConfirmQuerySchema = z.object({ token: z.string().max(256).optional() });
export const newsletterConfirmBodySchema = z.object({ token: z.string().min(1).max(256) }).strict();

/** What an anonymous submitter gets back: a receipt, never the stored row. */
export const receiptSchema = z.array(z.object({ received: z.literal(true) }));

export const markHandledSchema = z.object({ handled: z.boolean() }).strict();

const inboxOrder = ["created_at"] as const;

function inboxRoutes<T extends z.AnyZodObject, I extends z.ZodTypeAny>(
  table: string,
  wholeRow: T,
  input: I,
  noun: string,
) {
  // `select` may name some of the columns, as on every table of the data API.
  const row = wholeRow.partial();
  return {
    create: {
      method: "POST",
      path: `/rest/v1/${table}`,
      headers: restHeadersSchema,
      body: input,
      responses: { 201: receiptSchema, ...restErrorResponses },
      metadata: access("public"),
      summary: `Submit ${noun} from the public site (anonymous key)`,
    },
    list: {
      method: "GET",
      path: `/rest/v1/${table}`,
      headers: restHeadersSchema,
      query: listQuerySchema(inboxOrder),
      responses: { 200: z.array(row), ...restErrorResponses },
      metadata: serviceRoleAccess("staff"),
      summary: `List ${noun} (staff only), newest first by default`,
    },
    markHandled: {
      method: "PATCH",
      path: `/rest/v1/${table}`,
      headers: restHeadersSchema,
      query: idFilterSchema,
      body: markHandledSchema,
      responses: { 200: z.array(row), ...restErrorResponses },
      metadata: serviceRoleAccess("staff"),
      summary: `Mark ${noun} handled or not (staff only)`,
    },
  } as const;
}

const applications = inboxRoutes(
  "applications",
  applicationSchema,
  applicationInputSchema,
  "a job application",
);
const contactMessages = inboxRoutes(
  "contact_messages",
  contactMessageSchema,
  contactMessageInputSchema,
  "a contact message",
);
const newsletter = inboxRoutes(
  "newsletter_subscriptions",
  newsletterSubscriptionSchema,
  newsletterInputSchema,
  "a newsletter subscription",
);

/*
 * Confirming takes a POST from the page a person sees: mail scanners and link previews follow GET links,
 * and a GET that confirmed would let them subscribe someone who never clicked.
 */
const openNewsletterConfirmation = {
  method: "GET",
  path: "/api/newsletter/confirm",
  query: newsletterConfirmQuerySchema,
  responses: { 303: c.noBody(), 400: apiErrorSchema },
  metadata: access("open"),
  summary:
    "A confirmation link from an older mail: changes nothing and redirects to the contact page, which asks the visitor to confirm",
} as const;

const confirmNewsletterSubscription = {
  method: "POST",
  path: "/api/newsletter/confirm",
  body: newsletterConfirmBodySchema,
  responses: {
    200: z.object({ outcome: newsletterOutcomeSchema }),
    400: apiErrorSchema,
    401: apiKeyErrorSchema,
  },
  metadata: access("public"),
  summary:
    "Applies the pending newsletter request of a mailed token (single use, expiring); an unknown, used or expired token answers outcome invalid",
} as const;

export const formsContract = c.router({
  createApplication: applications.create,
  listApplications: applications.list,
  markApplicationHandled: applications.markHandled,
  createContactMessage: contactMessages.create,
  listContactMessages: contactMessages.list,
  markContactMessageHandled: contactMessages.markHandled,
  createNewsletterSubscription: newsletter.create,
  listNewsletterSubscriptions: newsletter.list,
  markNewsletterSubscriptionHandled: newsletter.markHandled,
  openNewsletterConfirmation,
  confirmNewsletterSubscription,
});
