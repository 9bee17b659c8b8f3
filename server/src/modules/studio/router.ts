import { contract } from "@app/contracts";
import { initServer } from "@ts-rest/express";
import { actorOf, recordedActorOf } from "../../http/authorize";
import { requesterOf } from "../../platform/deps";
import { bookStudioSession } from "./book-session";
import {
  type CalendarDeps,
  calendarFeedFile,
  calendarFeedState,
  createCalendarFeed,
  revokeCalendarFeed,
  sessionCalendarFile,
} from "./calendar-feeds";

const s = initServer();

/** A file name for the session's title: letters, digits and dashes only, so no header can be bent by it. */
const fileNameOf = (title: string) =>
  `${
    title
      .normalize("NFKD")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || "session"
  }.ics`;

export function studioRouter(deps: CalendarDeps) {
  return s.router(contract.studio, {
    bookStudioSession: async ({ body, res }) => {
      const at = new Date(deps.now()).toISOString();
      return { status: 200, body: await bookStudioSession(deps.db, body, recordedActorOf(res), at) };
    },
    sessionCalendarFile: async ({ params, res }) => {
      const file = await sessionCalendarFile(deps, params.id);
      res.setHeader("Content-Disposition", `attachment; filename="${fileNameOf(file.title)}"`);
      res.setHeader("Cache-Control", "no-store");
      return { status: 200, body: file.body };
    },
    calendarFeed: async ({ query, req, res }) => {
      // The link is the secret: nothing in between may keep a copy of the person's calendar.
      res.setHeader("Cache-Control", "private, no-store");
      res.setHeader("Referrer-Policy", "no-referrer");
      return { status: 200, body: await calendarFeedFile(deps, query.token, requesterOf(req).ip) };
    },
    calendarFeedState: async ({ body }) => ({
      status: 200,
      body: await calendarFeedState(deps, body.contact_id),
    }),
    createCalendarFeed: async ({ body, res }) => ({
      status: 200,
      body: await createCalendarFeed(deps, body.contact_id, actorOf(res)),
    }),
    revokeCalendarFeed: async ({ body }) => ({
      status: 200,
      body: await revokeCalendarFeed(deps, body.contact_id),
    }),
  });
}
