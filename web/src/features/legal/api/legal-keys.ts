/**
 * Every legal read is cached under `legal`: a write (a new document, a signature, a clause) can change
 * any list, count or detail, so one invalidation refreshes them all.
 */
const root = ["legal"] as const;

export const legalKeys = {
  all: root,
  list: (table: string, params: object) => [...root, table, "list", params] as const,
  count: (table: string, params: object) => [...root, table, "count", params] as const,
  record: (table: string, id: string) => [...root, table, "record", id] as const,
  contacts: (search: string) => [...root, "contacts", search] as const,
};

export const LEGAL_WRITE_INVALIDATES = [root] as const;
