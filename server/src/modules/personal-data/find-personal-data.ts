import { tables } from "@app/contracts";
import type { Db } from "../../db/database";
import type { UserRow } from "../../db/schema";
import { toApiRow } from "../../db/stored-values";
import { userMetadataOf } from "../auth/user-json";
import { findLegalDocument } from "../legal/documents";
import type { LegalDocument } from "../legal/types";
import { mediaRefsOf } from "../portfolio/media-refs";
import { isPartyTo, type PersonMatch } from "./legal-parties";
import * as repo from "./repository";
import { type ObjectRef, storageRefs } from "./storage-links";
import { idsMentioning } from "./text-search";

/**
 * Where one address is found: the rows export shows and erasure changes. Read with the executor given,
 * so an erasure reads inside its own transaction what it is about to change.
 */
export async function findPersonalData(db: Db, email: string) {
  const user = await repo.findUser(db, email);
  const contacts = await repo.contactsWith(db, email);
  const contactIds = contacts.map((c) => c.id);
  const match: PersonMatch = { email, contactIds };
  const [applications, contactMessages, portfolio] = [
    await repo.applicationsFrom(db, email),
    await repo.contactMessagesFrom(db, email),
    await repo.portfolioOf(db, contactIds),
  ];
  const documents: LegalDocument[] = [];
  for (const id of await idsMentioning(db, "legal_documents", [email, ...contactIds])) {
    const doc = await findLegalDocument(db, id);
    if (doc && isPartyTo(doc, match)) documents.push(doc);
  }
  const names = [
    ...contacts.map((c) => `${c.first_name} ${c.last_name}`),
    ...contacts.map((c) => c.stage_name),
    ...applications.map((a) => `${a.first_name} ${a.last_name}`),
    ...contactMessages.map((m) => m.name),
    ...(user ? [fullNameOf(user)] : []),
    ...documents.flatMap((d) => d.parties.filter((p) => p.email.toLowerCase() === email).map((p) => p.name)),
  ];
  return {
    email,
    match,
    user,
    contacts,
    contactIds,
    applications,
    contactMessages,
    portfolio,
    documents,
    names,
    /** Files the person's rows point at (portfolio media, contract PDFs). */
    fileRefs: [
      ...storageRefs(contacts, portfolio, documents),
      ...mediaRefsOf(portfolio),
    ] satisfies ObjectRef[],
  };
}
function fullNameOf(user: UserRow) {
  const name = userMetadataOf(user).full_name;
  return typeof name === "string" ? name : null;
}

export type PersonalData = Awaited<ReturnType<typeof findPersonalData>>;

export const contactRow = (row: Record<string, unknown>) => toApiRow(tables.crm_contacts, row);
export const activityRow = (row: Record<string, unknown>) => toApiRow(tables.crm_activity, row);
export const portfolioRow = (row: Record<string, unknown>) => toApiRow(tables.portfolio_items, row);
