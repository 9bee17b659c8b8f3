import type { TeamFactor } from "@app/contracts";

/** How a factor is named to a person: its own name, or what it is when it was given none. */
export function factorName(factor: Pick<TeamFactor, "friendly_name">): string {
  const name = factor.friendly_name?.trim();
  return name ? `“${name}”` : "the authenticator app";
}
