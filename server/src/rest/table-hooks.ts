import { contactHooks, timelineHooks } from "../modules/crm/timeline";
import { eventHooks } from "../modules/events/event-status";
import { clauseHooks, documentHooks, templateHooks } from "../modules/legal/hooks";
import { studioSessionHooks, studioSessionTalentHooks } from "../modules/studio/session-hooks";
import type { TableHooks } from "./postgrest/table-service";

/**
 * The business rules of each table beyond its policy (state transitions, derived fields, timeline rows),
 * run by the generic handler inside the write's transaction. A table without rules needs no entry.
 */
export const tableHooks: Record<string, TableHooks> = {
  events: eventHooks,
  crm_contacts: contactHooks,
  crm_companies: timelineHooks("crm_companies"),
  crm_deals: timelineHooks("crm_deals", { stateField: "stage", contactField: "contact_id" }),
  crm_briefs: timelineHooks("crm_briefs", { stateField: "status" }),
  crm_brief_talent: timelineHooks("crm_brief_talent", { contactField: "contact_id" }),
  legal_clauses: clauseHooks,
  legal_templates: templateHooks,
  legal_documents: documentHooks,
  studio_sessions: studioSessionHooks,
  studio_session_talent: studioSessionTalentHooks,
};
