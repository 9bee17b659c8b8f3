import type { TableHooksByTable } from "../../rest/table-hooks";
import { contactHooks, timelineHooks } from "./timeline";

/** The CRM's tables' rules for the data API: every change lands on the timeline, a deal's or brief's move too. */
export const crmTableHooks = {
  crm_contacts: contactHooks,
  crm_companies: timelineHooks("crm_companies"),
  crm_deals: timelineHooks("crm_deals", { stateField: "stage", contactField: "contact_id" }),
  crm_briefs: timelineHooks("crm_briefs", { stateField: "status" }),
  crm_brief_talent: timelineHooks("crm_brief_talent", { contactField: "contact_id" }),
} satisfies TableHooksByTable;
