import type { TableHooks } from "./postgrest/table-service";

/**
 * The business rules of each table beyond its policy (state transitions, derived fields, timeline rows),
 * run by the generic handler inside the write's transaction. A table without rules needs no entry.
 */
export const tableHooks: Record<string, TableHooks> = {};
