import type { LegalAuditAction, LegalAuditEntry } from "@app/contracts";
import type { Db } from "../../db/database";
import { appendActivity, touchContact } from "../crm/timeline";

/**
 * Who did a step and from where: a staff member (by id), a signer (by name and e-mail), or the
 * service_role key (actor "service_role").
 */
export interface Actor {
  actorId: string | null;
  actor?: string | null;
  ip: string | null;
  userAgent?: string | null;
}

export function auditEntry(
  action: LegalAuditAction,
  who: Actor,
  at: string,
  detail: Record<string, unknown> = {},
): LegalAuditEntry {
  return {
    at,
    action,
    actor_id: who.actorId,
    actor: who.actor ?? null,
    ip: who.ip,
    user_agent: who.userAgent ?? null,
    detail,
  };
}

const STEP_WORDS: Record<LegalAuditAction, string> = {
  created: "created as a draft",
  updated: "edited",
  rendered: "rendered",
  sent: "sent for signatures",
  viewed: "opened by a signer",
  signed: "signed",
  completed: "fully signed",
  voided: "voided",
  integrity_failed: "held: its stored file failed the integrity check",
};

/**
 * The step on the timeline of the contact the document is about (its source contact), in the caller's
 * transaction, so the CRM shows contracts beside calls and deals.
 */
export async function recordOnContactTimeline(
  trx: Db,
  args: {
    contactId: string | null | undefined;
    document: { id: string; title: string };
    action: LegalAuditAction;
    actorId: string | null;
    actorRole?: "service_role" | null;
    at: string;
    statusChange?: { from: string; to: string };
    by?: string;
  },
) {
  if (!args.contactId) return;
  const contact = await trx
    .selectFrom("crm_contacts")
    .select("id")
    .where("id", "=", args.contactId)
    .executeTakeFirst();
  if (!contact) return;
  const by = args.by ? ` by ${args.by}` : "";
  await appendActivity(trx, {
    recordType: "crm_contacts",
    recordId: contact.id,
    action: "note",
    changes: {
      legal_document_id: { from: null, to: args.document.id },
      ...(args.statusChange && { legal_document_status: args.statusChange }),
    },
    actorId: args.actorId,
    actorRole: args.actorRole,
    at: args.at,
    note: `Legal document “${args.document.title}” ${STEP_WORDS[args.action]}${by}.`,
  });
  await touchContact({ trx, at: args.at }, contact.id);
}
