import type { PersonalDataErasure } from "@app/contracts";
import type { Database, Db } from "../../db/database";
import { laterThan } from "../../db/row-version";
import { appendActivity } from "../crm/timeline";
import { updateLegalDocument } from "../legal/documents";
import { dropCalendarFeeds } from "../studio/calendar-feeds";
import { findPersonalData, type PersonalData } from "./find-personal-data";
import { eraseFromDocument } from "./legal-parties";
import { ERASED_NAME, placeholderAddress, searchableNames } from "./placeholders";
import * as repo from "./repository";
import { normaliseAddress } from "./request";
import { type ObjectRef, refNeedles } from "./storage-links";
import { findMentions, replaceEverywhere } from "./text-search";

export interface EraseDeps {
  db: Database;
  /** Removes stored files (bytes and rows); called after the commit, never inside the transaction. */
  removeFiles(refs: ObjectRef[]): Promise<number>;
}

/**
 * Tables whose rows are each a person's record. A namesake's record is not this person's: the free-text
 * sweep for names leaves these alone, and each is handled above by address.
 */
const PEOPLE_TABLES = new Set([
  "users",
  "identities",
  "crm_contacts",
  "applications",
  "contact_messages",
  "newsletter_subscriptions",
  "newsletter_pending",
  "legal_documents",
  "legal_signing_links",
]);

type Counts = Record<string, number>;
const add = (counts: Counts, more: Record<string, number> | Map<string, number>) => {
  for (const [table, n] of more instanceof Map ? more : Object.entries(more))
    if (n > 0) counts[table] = (counts[table] ?? 0) + n;
};

async function eraseAccount(trx: Db, person: PersonalData, counts: Counts) {
  const userId = person.user?.id ?? null;
  add(counts, { audit_log: await repo.scrubAuditRows(trx, userId, person.email) });
  if (userId) {
    add(counts, { storage_objects: await repo.releaseOwnedObjects(trx, userId) });
    add(counts, await repo.deleteUser(trx, userId));
  }
  add(counts, { mail_outbox: await repo.deleteMailTo(trx, person.email) });
  add(counts, { rate_limits: await repo.deleteRateLimitsOf(trx, person.email) });
  add(counts, await repo.deleteNewsletter(trx, person.email));
}

async function eraseSubmissions(trx: Db, person: PersonalData, counts: Counts) {
  for (const a of person.applications)
    await repo.anonymiseApplication(trx, a.id, { name: ERASED_NAME, email: placeholderAddress() });
  for (const m of person.contactMessages)
    await repo.anonymiseContactMessage(trx, m.id, { name: ERASED_NAME, email: placeholderAddress() });
  add(counts, { applications: person.applications.length, contact_messages: person.contactMessages.length });
}

/** The contacts stay as "Erased on request"; their works and their history go. */
async function eraseContacts(
  trx: Db,
  person: PersonalData,
  ctx: { engine: Database["engine"]; at: string; actorId: string | null },
  counts: Counts,
) {
  const postgres = ctx.engine === "postgres";
  add(counts, {
    portfolio_items: await repo.deletePortfolio(trx, person.contactIds),
    crm_activity: await repo.deleteTimeline(trx, person.contactIds),
    // A feed link given out earlier would otherwise go on listing the person's sessions.
    studio_calendar_feeds: await dropCalendarFeeds(trx, person.contactIds),
  });
  for (const contact of person.contacts) {
    await repo.anonymiseContact(trx, contact.id, {
      name: ERASED_NAME,
      at: ctx.at,
      emptyList: postgres ? [] : "[]",
      emptyObject: postgres ? {} : "{}",
    });
    await appendActivity(trx, {
      recordType: "crm_contacts",
      recordId: contact.id,
      action: "note",
      changes: {},
      actorId: ctx.actorId,
      at: ctx.at,
      note: "Personal data erased on request.",
    });
  }
  add(counts, { crm_contacts: person.contacts.length });
}

async function eraseFromDocuments(
  trx: Db,
  person: PersonalData,
  ctx: { engine: Database["engine"]; at: string; actorId: string | null },
  counts: Counts,
) {
  const names = searchableNames(person.names);
  const kept: string[] = [];
  const files: ObjectRef[] = [];
  for (const doc of person.documents) {
    const erased = eraseFromDocument(doc, {
      match: person.match,
      names,
      placeholder: placeholderAddress,
      at: ctx.at,
      actorId: ctx.actorId,
    });
    await updateLegalDocument(
      trx,
      doc.id,
      { ...erased.changes, updated_at: laterThan(doc.updated_at, ctx.at) },
      ctx.engine,
    );
    if (erased.kept) kept.push(doc.id);
    files.push(...erased.files.map((key) => ({ bucket: "documents", key })));
  }
  add(counts, {
    legal_documents: person.documents.length,
    legal_signing_links: await repo.deleteSigningLinks(trx, person.email),
  });
  return { kept, files };
}

/** Files no row points at any more, of those that were the person's. */
async function orphaned(db: Db, candidates: ObjectRef[]) {
  const unused: ObjectRef[] = [];
  for (const ref of candidates) {
    const mentions = await findMentions(db, refNeedles(ref), { skipTables: new Set(["storage_objects"]) });
    if (mentions.length === 0) unused.push(ref);
  }
  return unused;
}

/**
 * Erases what the product holds about an address, in one transaction: the account goes with its
 * sessions and factors; form submissions and contacts are anonymised (so figures and links keep their
 * shape); works, timeline, mails and pending requests go; audit rows lose who and from where; fully signed
 * documents are kept with the person's party marked erased on request. Finally the address, and in free
 * text their full name, is replaced wherever else it is stored. Files only the person's rows pointed at
 * are removed after the commit.
 */
export async function erasePersonalData(
  deps: EraseDeps,
  args: { email: string; at: string; actorId: string | null },
): Promise<PersonalDataErasure> {
  const email = normaliseAddress(args.email);
  const ctx = { engine: deps.db.engine, at: args.at, actorId: args.actorId };
  const outcome = await deps.db.withTransaction(async (trx) => {
    const person = await findPersonalData(trx, email);
    const mentions = await findMentions(trx, [email]);
    if (mentions.length === 0 && person.contacts.length === 0 && person.documents.length === 0) {
      return { found: false, counts: {}, kept: [] as string[], files: [] as ObjectRef[] };
    }
    const counts: Counts = {};
    await eraseAccount(trx, person, counts);
    await eraseSubmissions(trx, person, counts);
    await eraseContacts(trx, person, ctx, counts);
    const legal = await eraseFromDocuments(trx, person, ctx, counts);
    add(counts, await replaceEverywhere(trx, { needles: [email], replacement: placeholderAddress }));
    add(
      counts,
      await replaceEverywhere(trx, {
        needles: searchableNames(person.names),
        replacement: () => ERASED_NAME,
        skipTables: PEOPLE_TABLES,
      }),
    );
    add(counts, { row_changes: await repo.clearRowChanges(trx) });
    return { found: true, counts, kept: legal.kept, files: [...person.fileRefs, ...legal.files] };
  });
  const removed =
    outcome.files.length > 0 ? await deps.removeFiles(await orphaned(deps.db, outcome.files)) : 0;
  return {
    found: outcome.found,
    changed: outcome.counts,
    kept_signed_documents: outcome.kept.length,
    removed_files: removed,
  };
}
