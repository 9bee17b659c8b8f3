import type { PersonalDataExport } from "@app/contracts";
import type { Db } from "../../db/database";
import { toUserJson } from "../auth/user-json";
import {
  activityRow,
  contactRow,
  findPersonalData,
  type PersonalData,
  portfolioRow,
} from "./find-personal-data";
import { personsShareOf } from "./legal-parties";
import * as repo from "./repository";
import { normaliseAddress } from "./request";

/** The files the person's rows point at or their account uploaded, as the storage service lists them. */
async function filesOf(db: Db, person: PersonalData) {
  const owned = person.user ? await repo.storageObjectsOwnedBy(db, person.user.id) : [];
  const linked = [];
  for (const ref of person.fileRefs) {
    const row = await repo.storageObject(db, ref.bucket, ref.key);
    if (row) linked.push(row);
  }
  const byId = new Map([...linked, ...owned].map((o) => [o.id, o]));
  return [...byId.values()].map((o) => ({
    bucket_id: o.bucket_id,
    name: o.name,
    size: Number(o.size),
    mimetype: o.mimetype,
    created_at: o.created_at,
    updated_at: o.updated_at,
    uploaded_by_this_person: person.user !== undefined && o.owner === person.user.id,
  }));
}

/**
 * Everything the product holds about an address, grouped by where it is kept (the right of access and
 * to portability: one machine-readable file). Secrets are left out: no password hash, factor secret or
 * token hash, no mail body (its links are sign-in tokens), and of a legal document only the person's own
 * part (the other parties' data is theirs).
 */
export async function exportPersonalData(db: Db, rawEmail: string, at: string): Promise<PersonalDataExport> {
  const email = normaliseAddress(rawEmail);
  const person = await findPersonalData(db, email);
  const userId = person.user?.id ?? null;
  const data = {
    auth_user: person.user ? await toUserJson(db, person.user) : null,
    sessions: userId ? await repo.sessionsOf(db, userId) : [],
    known_sign_in_addresses: userId ? await repo.knownSignInAddressesOf(db, userId) : [],
    audit_log: await repo.auditRowsOf(db, userId, email),
    mail_sent: await repo.mailTo(db, email),
    crm_contacts: person.contacts.map(contactRow),
    crm_activity: (await repo.timelineOf(db, person.contactIds)).map(activityRow),
    applications: person.applications,
    contact_messages: person.contactMessages,
    newsletter_subscriptions: await repo.newsletterOf(db, email),
    newsletter_pending: await repo.pendingNewsletterOf(db, email),
    portfolio_items: person.portfolio.map(portfolioRow),
    legal_documents: person.documents.map((d) => personsShareOf(d, person.match)),
    studio_sessions: await repo.studioSessionsOf(db, person.contactIds),
    storage_objects: await filesOf(db, person),
  };
  const found = Object.values(data).some((v) => (Array.isArray(v) ? v.length > 0 : v !== null));
  return { format: "personal-data-export/1", email, exported_at: at, found, data };
}
