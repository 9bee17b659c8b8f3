import type { z } from "zod";
import { crmContactsTable } from "./tables/crm-contacts.table";

export { TALENT_PAGE_LIMIT } from "./tables/crm-contacts.table";

/** A talent as the data API answers it (the `crm_contacts` table's row). */
export const talentSchema = crmContactsTable.row;
export type Talent = z.infer<typeof talentSchema>;
export const talentColumns = crmContactsTable.columnNames;
