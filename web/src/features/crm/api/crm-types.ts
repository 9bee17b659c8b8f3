import type { InsertOf, RowOf, tables, UpdateOf } from "@app/contracts";

/** The CRM's rows as the data API answers them (every column; `select` is never narrowed for these). */
export type Contact = RowOf<typeof tables.crm_contacts>;
export type Company = RowOf<typeof tables.crm_companies>;
export type Deal = RowOf<typeof tables.crm_deals>;
export type Brief = RowOf<typeof tables.crm_briefs>;
export type Activity = RowOf<typeof tables.crm_activity>;
export type BriefTalent = RowOf<typeof tables.crm_brief_talent>;
export type StudioRoom = RowOf<typeof tables.studio_rooms>;
export type StudioSession = RowOf<typeof tables.studio_sessions>;
export type SessionTalent = RowOf<typeof tables.studio_session_talent>;

/** The tables a CRM screen writes, with their row, insert and update shapes. */
export type CrmTables = {
  crm_contacts: {
    row: Contact;
    insert: InsertOf<typeof tables.crm_contacts>;
    update: UpdateOf<typeof tables.crm_contacts>;
  };
  crm_companies: {
    row: Company;
    insert: InsertOf<typeof tables.crm_companies>;
    update: UpdateOf<typeof tables.crm_companies>;
  };
  crm_deals: {
    row: Deal;
    insert: InsertOf<typeof tables.crm_deals>;
    update: UpdateOf<typeof tables.crm_deals>;
  };
  crm_briefs: {
    row: Brief;
    insert: InsertOf<typeof tables.crm_briefs>;
    update: UpdateOf<typeof tables.crm_briefs>;
  };
  crm_brief_talent: {
    row: BriefTalent;
    insert: InsertOf<typeof tables.crm_brief_talent>;
    update: UpdateOf<typeof tables.crm_brief_talent>;
  };
  studio_sessions: {
    row: StudioSession;
    insert: InsertOf<typeof tables.studio_sessions>;
    update: UpdateOf<typeof tables.studio_sessions>;
  };
  studio_session_talent: {
    row: SessionTalent;
    insert: InsertOf<typeof tables.studio_session_talent>;
    update: UpdateOf<typeof tables.studio_session_talent>;
  };
};
export type CrmTable = keyof CrmTables;
