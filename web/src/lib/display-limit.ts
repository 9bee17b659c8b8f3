/** Display limits: how many items a list shows before collapsing the rest into "+N". */
export const DISPLAY_LIMITS = {
  tags: 3,
  externalLinks: 2,
  rolesInList: 2,
  rolesInHeader: 3,
} as const;

export type LimitedList<T> = { visible: T[]; hiddenCount: number };

export function limitItems<T>(items: readonly T[], limit: number): LimitedList<T> {
  return { visible: items.slice(0, limit), hiddenCount: Math.max(0, items.length - limit) };
}
