import { contract } from "@app/contracts";
import { initServer } from "@ts-rest/express";
import type { Request } from "express";
import { withContentRange } from "../../rest/send-list";
import { confirmationPage, confirmNewsletterSubscription, requestNewsletterSubscription } from "./newsletter";
import type { InboxTable } from "./repository";
import * as forms from "./service";

const s = initServer();
const receipt = [{ received: true as const }];
const submitter = (req: Request) => ({ ip: req.ip ?? req.socket.remoteAddress ?? "unknown" });

export function formsRouter(deps: forms.FormsDeps) {
  const { db } = deps;
  const list =
    <T extends InboxTable>(table: T) =>
    async ({
      query,
      headers,
      res,
    }: {
      query: forms.ListInboxQuery;
      headers: { prefer?: string };
      res: import("express").Response;
    }) => ({
      status: 200 as const,
      body: withContentRange(res, await forms.listInbox(db, table, query, headers.prefer)),
    });
  const mark =
    <T extends InboxTable>(table: T) =>
    async ({ query, body }: { query: { id: string }; body: { handled: boolean } }) => ({
      status: 200 as const,
      body: await forms.markHandled(db, table, query.id, body.handled),
    });

  return s.router(contract.forms, {
    createApplication: async ({ body, req }) => {
      await forms.submitApplication(deps, submitter(req), body);
      return { status: 201, body: receipt };
    },
    createContactMessage: async ({ body, req }) => {
      await forms.submitContactMessage(deps, submitter(req), body);
      return { status: 201, body: receipt };
    },
    createNewsletterSubscription: async ({ body, req }) => {
      await requestNewsletterSubscription(deps, submitter(req), body);
      return { status: 201, body: receipt };
    },
    openNewsletterConfirmation: async ({ query, res }) => {
      res.setHeader("Location", confirmationPage(deps, query.token));
      return { status: 303, body: undefined };
    },
    confirmNewsletterSubscription: async ({ body }) => ({
      status: 200,
      body: { outcome: await confirmNewsletterSubscription(deps, body.token) },
    }),
    listApplications: list("applications"),
    listContactMessages: list("contact_messages"),
    listNewsletterSubscriptions: list("newsletter_subscriptions"),
    markApplicationHandled: mark("applications"),
    markContactMessageHandled: mark("contact_messages"),
    markNewsletterSubscriptionHandled: mark("newsletter_subscriptions"),
  });
}
