import type { AppRoleName, TeamMember } from "@app/contracts";
import type { BadgeVariant } from "@/components/ui/badge";

export type MemberStatus = "banned" | "invited" | "unconfirmed" | "active";

/**
 * Where an account stands: a ban outranks everything (an invited person can be banned too); an address
 * never confirmed is still an invitation when an administrator sent one, else an unfinished sign-up.
 */
export function memberStatus(member: TeamMember, now: Date = new Date()): MemberStatus {
  const isBanned = member.banned_until !== null && new Date(member.banned_until).getTime() > now.getTime();
  if (isBanned) return "banned";
  if (!member.confirmed) return member.invited_at !== null ? "invited" : "unconfirmed";
  return "active";
}

export const STATUS_LABELS: Record<MemberStatus, { label: string; variant: BadgeVariant }> = {
  active: { label: "Active", variant: "green" },
  invited: { label: "Invited", variant: "blue" },
  unconfirmed: { label: "Unconfirmed", variant: "neutral" },
  banned: { label: "Banned", variant: "red" },
};

/**
 * On the team: a staff member or administrator, or someone an administrator invited whose invitation is
 * still open (the role comes with the link). Everyone else signed up on the public site and waits for a role.
 */
export function isOnTeam(member: TeamMember): boolean {
  return member.role !== null || (member.invited_at !== null && !member.confirmed);
}

/** MFA is on once a factor is verified; one still being set up protects nothing yet. */
export function hasMfa(member: Pick<TeamMember, "factors">): boolean {
  return member.factors.some((factor) => factor.status === "verified");
}

/** A select's value back to the API's role: the empty option is no role at all. */
export function parseRole(value: string): AppRoleName | null {
  return value === "admin" || value === "staff" ? value : null;
}

/** Administrators first, then staff, then everyone else; by address within each. */
export function sortMembers(members: readonly TeamMember[]): TeamMember[] {
  const rank = (role: AppRoleName | null) => (role === "admin" ? 0 : role === "staff" ? 1 : 2);
  return [...members].sort((a, b) => rank(a.role) - rank(b.role) || a.email.localeCompare(b.email));
}
