import type { TeamActivityEntry } from "@app/contracts";
import { roleLabel } from "@/lib/roles";

/** What a team change says, naming the person it was about: "Invited ada@… as Staff". */
export function describeTeamActivity(entry: TeamActivityEntry): string {
  const who = entry.target_email ?? "someone";
  switch (entry.action) {
    case "user_invited":
      return `Invited ${who} as ${roleLabel(entry.role)}`;
    case "invite_accepted":
      return `${who} accepted the invitation`;
    case "user_created":
      return `Created an account for ${who} (${roleLabel(entry.role)})`;
    case "role_changed":
      return `Changed ${who}'s role from ${roleLabel(entry.from_role)} to ${roleLabel(entry.to_role)}`;
    case "user_banned":
      return `Banned ${who}`;
    case "user_unbanned":
      return `Lifted the ban on ${who}`;
    case "factor_removed":
      return entry.factor_name
        ? `Removed ${who}'s second factor “${entry.factor_name}”`
        : `Removed ${who}'s second factor`;
    case "user_deleted":
      return `Deleted the account of ${who}`;
  }
}

/** Who made the change: "You", an administrator's address, or the operator (CLI or admin API). */
export function teamActorName(entry: TeamActivityEntry, currentUserEmail: string | null): string {
  if (entry.actor_email === null) return "The operator";
  return entry.actor_email === currentUserEmail ? "You" : entry.actor_email;
}
