import type { CalendarFeedState, NewCalendarFeed } from "@app/contracts";
import type { Database, Db } from "../../db/database";
import { AppError } from "../../http/app-error";
import { guardLinkLookup } from "../../http/link-guard";
import type { RateLimiter, RateLimitRule } from "../../http/rate-limit";
import { randomToken, sha256 } from "../../platform/secrets";
import { type CalendarSession, calendarFile } from "./calendar-file";

/** A feed shows sessions from this far back, so last month's sessions stay in the calendar. */
const FEED_PAST_DAYS = 90;
/** The most sessions one feed or file lists. */
const FEED_MAX_SESSIONS = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface CalendarDeps {
  db: Database;
  siteUrl: string;
  now: () => number;
  limiter: RateLimiter;
  /** Feed lookups with a link that opens nothing, per visitor address and window. */
  feedGuessRule: RateLimitRule;
}

const noContact = (id: string) =>
  new AppError("PGRST116", `No crm_contacts row with id ${id}`, { status: 404 });
/** One answer for a wrong, replaced and turned-off link alike, so a probe learns nothing. */
const deadFeed = () =>
  new AppError("not_found", "This calendar link does not work (it may have been turned off)");

async function assertContact(db: Db, contactId: string) {
  const found = await db
    .selectFrom("crm_contacts")
    .select("id")
    .where("id", "=", contactId)
    .executeTakeFirst();
  if (!found) throw noContact(contactId);
}

const stateOf = (contactId: string, row?: { created_at: string | Date }): CalendarFeedState => ({
  contact_id: contactId,
  active: Boolean(row),
  created_at: row ? new Date(row.created_at).toISOString() : null,
});

export async function calendarFeedState(deps: CalendarDeps, contactId: string) {
  await assertContact(deps.db, contactId);
  const row = await deps.db
    .selectFrom("studio_calendar_feeds")
    .select("created_at")
    .where("contact_id", "=", contactId)
    .executeTakeFirst();
  return stateOf(contactId, row);
}

/** A new link for the person; the earlier one, if any, stops working in the same commit. */
export async function createCalendarFeed(
  deps: CalendarDeps,
  contactId: string,
  actorId: string | null,
): Promise<NewCalendarFeed> {
  const token = randomToken();
  const at = new Date(deps.now()).toISOString();
  await deps.db.withTransaction(async (trx) => {
    await assertContact(trx, contactId);
    await trx.deleteFrom("studio_calendar_feeds").where("contact_id", "=", contactId).execute();
    await trx
      .insertInto("studio_calendar_feeds")
      .values({ contact_id: contactId, token_hash: sha256(token), created_by: actorId, created_at: at })
      .execute();
  });
  return {
    ...stateOf(contactId, { created_at: at }),
    url: `${deps.siteUrl}/api/calendar/feed.ics?token=${token}`,
  };
}

/** Turns off the feeds of people whose data is erased, in the erasure's transaction. */
export async function dropCalendarFeeds(trx: Db, contactIds: string[]) {
  if (contactIds.length === 0) return 0;
  const result = await trx
    .deleteFrom("studio_calendar_feeds")
    .where("contact_id", "in", contactIds)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function revokeCalendarFeed(deps: CalendarDeps, contactId: string) {
  await assertContact(deps.db, contactId);
  await deps.db.deleteFrom("studio_calendar_feeds").where("contact_id", "=", contactId).execute();
  return stateOf(contactId);
}

function sessionsQuery(db: Db) {
  return db
    .selectFrom("studio_sessions as s")
    .innerJoin("studio_rooms as r", "r.id", "s.room_id")
    .select([
      "s.id",
      "s.title",
      "s.starts_at",
      "s.ends_at",
      "s.status",
      "s.updated_at",
      "r.name as room_name",
    ])
    .orderBy("s.starts_at")
    .limit(FEED_MAX_SESSIONS);
}

async function feedOf(db: Db, token: string) {
  const feed = await db
    .selectFrom("studio_calendar_feeds as f")
    .innerJoin("crm_contacts as c", "c.id", "f.contact_id")
    .select(["f.contact_id", "c.first_name", "c.last_name", "c.stage_name"])
    .where("f.token_hash", "=", sha256(token))
    .executeTakeFirst();
  if (!feed) throw deadFeed();
  return feed;
}

/** The feed behind a link: the person's sessions from 90 days back, cancelled ones marked so. */
export async function calendarFeedFile(deps: CalendarDeps, token: string, ip: string) {
  const feed = await guardLinkLookup(deps.limiter, `calendar-feed:${ip}`, deps.feedGuessRule, () =>
    feedOf(deps.db, token),
  );
  const now = new Date(deps.now());
  const since = new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS).toISOString();
  const sessions = await sessionsQuery(deps.db)
    .innerJoin("studio_session_talent as t", "t.session_id", "s.id")
    .where("t.contact_id", "=", feed.contact_id)
    .where("s.ends_at", ">=", since)
    .execute();
  const person = feed.stage_name ?? `${feed.first_name} ${feed.last_name}`;
  return calendarFile({
    name: `Studio sessions: ${person}`,
    host: hostOf(deps),
    sessions: sessions as CalendarSession[],
    now,
  });
}

/** One session as a file of its own. */
export async function sessionCalendarFile(deps: CalendarDeps, sessionId: string) {
  const sessions = await sessionsQuery(deps.db).where("s.id", "=", sessionId).execute();
  const session = sessions[0];
  if (!session) throw new AppError("not_found", `No studio session with id ${sessionId}`);
  return {
    title: session.title,
    body: calendarFile({
      name: session.title,
      host: hostOf(deps),
      sessions: sessions as CalendarSession[],
      now: new Date(deps.now()),
    }),
  };
}

const hostOf = (deps: CalendarDeps) => new URL(deps.siteUrl).host;
