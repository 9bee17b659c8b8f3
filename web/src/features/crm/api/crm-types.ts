import type { TablesOfArea } from "@app/contracts";
import type { TableInsert, TableRow, TableUpdate } from "@/lib/table-writes";

/** The CRM's rows as the data API answers them (every column; `select` is never narrowed for these). */
export type Contact = TableRow<"crm_contacts">;
export type Company = TableRow<"crm_companies">;
export type Deal = TableRow<"crm_deals">;
export type Brief = TableRow<"crm_briefs">;
export type Activity = TableRow<"crm_activity">;
export type BriefTalent = TableRow<"crm_brief_talent">;
export type StudioRoom = TableRow<"studio_rooms">;
export type StudioSession = TableRow<"studio_sessions">;

/** The tables the CRM's screens read and write: its own and the studio's (declared with their area). */
export type CrmTable = TablesOfArea<"crm" | "studio">;

/** Each CRM table's row, insert and update shapes. */
export type CrmTables = {
  [N in CrmTable]: { row: TableRow<N>; insert: TableInsert<N>; update: TableUpdate<N> };
};

/** A row with the name of its company, embedded by the read that brought it (null without one). */
export type WithCompany<R> = R & { company: { name: string } | null };

/** How a read embeds a row's company's name. */
export const COMPANY_NAME = "company:crm_companies(name)";
