import { eventPagePath } from "@app/contracts";
import { formatStockholmWithZone } from "@app/contracts/stockholm-time";
import type { Database } from "../../db/database";
import type { DataPage } from "../../http/page-head";
import { findPublishedEvent } from "./repository";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Link previews show about this much of a description. */
const DESCRIPTION_MAX = 200;

const shorten = (text: string) =>
  text.length <= DESCRIPTION_MAX ? text : `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;

const toIso = (value: string | Date | null) =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * The head of a published event's page, or null for a draft or an id that names no event (the page is
 * then a 404). Read per request through the database's read cache, so a change (a publication, an
 * edit, an unpublication) shows on the next request on every node, with no rebuild.
 */
export function findEventPageHead(db: Database, id: string): Promise<DataPage | null> {
  if (!UUID.test(id)) return Promise.resolve(null);
  return db.cachedRead(`event-page:${id.toLowerCase()}`, async () => {
    const event = await findPublishedEvent(db, id.toLowerCase());
    if (!event) return null;
    const startTime = toIso(event.event_date);
    // The date leads: it is what someone deciding whether to go reads first, in the venue's time.
    const when = startTime ? formatStockholmWithZone(startTime) : "Date to be announced";
    const facts = [when, event.location].filter(Boolean).join(" · ");
    return {
      page: {
        path: eventPagePath(event.id),
        title: event.title,
        description: shorten(event.description ? `${facts}. ${event.description}` : facts),
      },
      // The poster as stored (a web address or a path on this site), else the site's own picture.
      preview: { image: event.image_url, imageAlt: `Poster for ${event.title}`, startTime },
    };
  });
}
