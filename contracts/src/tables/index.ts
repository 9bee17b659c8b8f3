import { crmContactsTable } from "./crm-contacts.table";
import { eventsTable } from "./events.table";

/**
 * Every table of the data API. A table listed here gets its routes, its place in the OpenAPI document,
 * the access matrix and the hostile-input suite; its policy is part of its declaration, so a table
 * cannot be listed without one.
 */
export const tables = {
  events: eventsTable,
  crm_contacts: crmContactsTable,
} as const;

export type TableName = keyof typeof tables;

export * from "./crm-contacts.table";
export * from "./define-table";
export * from "./events.table";
export * from "./sample-row";
export * from "./table-routes";
