export type InboxRow = { id: string; created_at: string; handled_at: string | null };

/** Newest first even if the server's order is lost, e.g. after an optimistic update. */
export function sortNewestFirst<T extends InboxRow>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => b.created_at.localeCompare(a.created_at));
}

export function isHandled(row: Pick<InboxRow, "handled_at">): boolean {
  return row.handled_at !== null;
}

export function countOpen(rows: readonly Pick<InboxRow, "handled_at">[]): number {
  return rows.filter((row) => !isHandled(row)).length;
}

/** The row as it will be once the PATCH lands: the server stamps handled_at, we guess "now". */
export function withHandled<T extends InboxRow>(row: T, handled: boolean, now: Date = new Date()): T {
  return { ...row, handled_at: handled ? (row.handled_at ?? now.toISOString()) : null };
}
