import { sql } from "kysely";
import type { Db } from "../../db/database";

/** The parts of a published event its public page's head needs; undefined for a draft or no such event. */
export function findPublishedEvent(db: Db, id: string) {
  return db
    .selectFrom("events")
    .select(["id", "title", "description", "event_date", "location", "image_url"])
    .where("id", "=", id)
    .where(sql<boolean>`published = true`)
    .executeTakeFirst();
}
