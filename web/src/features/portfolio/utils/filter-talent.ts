import type { Talent } from "@app/contracts";

export const ALL_ROLES = "all";

export function formatTalentName(talent: Pick<Talent, "first_name" | "last_name">): string {
  return `${talent.first_name} ${talent.last_name}`.trim();
}

/** The role filter's options after "All roles": every role any talent has, once, alphabetically. */
export function listDistinctRoles(talents: readonly Pick<Talent, "roles">[]): string[] {
  return [...new Set(talents.flatMap((talent) => talent.roles))].sort((a, b) => a.localeCompare(b));
}

type TalentFilter = { search: string; role: string };

/** Name search (first, last or stage name, case-insensitive) combined with the role filter. */
export function filterTalents<T extends Pick<Talent, "first_name" | "last_name" | "stage_name" | "roles">>(
  talents: readonly T[],
  { search, role }: TalentFilter,
): T[] {
  const needle = search.trim().toLowerCase();
  return talents.filter((talent) => {
    if (role !== ALL_ROLES && !talent.roles.includes(role)) return false;
    if (!needle) return true;
    const names = `${formatTalentName(talent)} ${talent.stage_name ?? ""}`.toLowerCase();
    return names.includes(needle);
  });
}

export function formatTalentCount(count: number): string {
  return `${count} ${count === 1 ? "talent" : "talents"}`;
}
